// cuad: --fn gemm_long_k --wrt C,A,B
// cuad: --fn matvec_guarded --wrt A,x,y
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

// The second output: a guarded tile load written as `if`/`else` storing the same element, and
// an inner loop bounded by a conjunction (`k < TILE && t0 + k < n`, counted with the smaller
// bound instead of taping its counter): n = 300 needs no tape at all (taping the counter
// took one entry per inner iteration, over the capacity of 256).
#define VTILE 8
__global__ void matvec_guarded(const double* A, const double* x, double* y, int n) {
  __shared__ double xs[VTILE];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  double acc = 0.0;
  for (int t0 = 0; t0 < n; t0 += VTILE) {
    if (t0 + (int)threadIdx.x < n) xs[threadIdx.x] = x[t0 + threadIdx.x];
    else xs[threadIdx.x] = 0.0;
    __syncthreads();
    if (row < n) {
      for (int k = 0; k < VTILE && t0 + k < n; ++k) acc += A[row * n + t0 + k] * xs[k];
    }
    __syncthreads();
  }
  if (row < n) y[row] = tanh(0.05 * acc);
}
