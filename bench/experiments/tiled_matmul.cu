// Experiment kernel (written for cuad): the textbook shared-memory tiled GEMM C = A B, used by
// tile_replay.sh to compare the gradient that tapes the overwritten tiles with the one that
// re-loads them in each reverse iteration (tile_replay.rs).
#define TILE 16
__global__ void tiled_gemm(float* C, const float* A, const float* B, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    const int ka = t * TILE + threadIdx.x, kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
