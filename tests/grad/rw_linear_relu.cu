// cuad: --fn linear_relu --wrt out,A,W,bias
// A fused linear layer: out = relu(A * W + bias), tiled with two __shared__ tiles and
// __syncthreads(), sizes that are not multiples of the tile (zero padding in the tiles).
#define TILE 8
__global__ void linear_relu(float* __restrict__ out, const float* __restrict__ A,
                            const float* __restrict__ W, const float* __restrict__ bias, int M,
                            int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Ws[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
    Ws[ty][tx] = (k0 + ty < K && col < N) ? W[(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Ws[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) out[row * N + col] = fmaxf(acc + bias[col], 0.0f);
}
