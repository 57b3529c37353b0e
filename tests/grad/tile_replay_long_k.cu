// cuad: --fn gemm_long_k --wrt C,A,B
// Tiled GEMM C = A B (+ C) with a long reduction: 141 tiles of 4. The shared tiles are loaded
// from read-only inputs at the top of each iteration, so the gradient re-loads them in each
// reverse iteration (tile_replay.rs) instead of taping two overwritten elements per tile per
// thread, which would need 282 tape entries (over the default capacity of 256). The second
// tile's load is written as a guarded expression with a pure math call, the accumulator's
// forward loop is dead in the gradient (its result is not stored), so the forward sweep's
// tile loads and barriers go too (dead_shared.rs).
#define TILE 4
__global__ void gemm_long_k(double* C, const double* A, const double* B, int M, int N, int K) {
  __shared__ double As[TILE][TILE];
  __shared__ double Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  double acc = 0.0;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    const int ka = t * TILE + threadIdx.x;
    const int kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? sin(B[kb * N + col]) : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] += acc;
}
