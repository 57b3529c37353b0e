// cuad: --fn gemm_tiled --wrt C,A,B,alpha,beta
// Tiled GEMM C = alpha * A B + beta * C with 4x4 shared-memory tiles, bounds checks for sizes
// that are not tile multiples, __syncthreads around each tile.
#define TILE 4
__global__ void gemm_tiled(double* C, const double* __restrict__ A, const double* __restrict__ B,
                           double alpha, double beta, int M, int N, int K) {
  __shared__ double As[TILE][TILE];
  __shared__ double Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  double acc = 0.0;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    const int ka = t * TILE + threadIdx.x, kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
