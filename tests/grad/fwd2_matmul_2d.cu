// cuad: fwd --fn matmul_bias --wrt A,bias,C
// cuad: fwd --fn matmul_bias
// A 2-D grid with 2-D blocks, shared-memory tiles loaded under __syncthreads, a bias and a
// leaky-ReLU ternary; the first output differentiates w.r.t. A and bias only (B is constant).
#define TILE 8
__global__ void matmul_bias(int M, int N, int K, const double* A, const double* B,
                            const double* bias, double* C) {
  __shared__ double As[TILE][TILE];
  __shared__ double Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  double acc = 0.0;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ka = t * TILE + threadIdx.x, kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < M && ka < K ? A[row * K + ka] : 0.0;
    Bs[threadIdx.y][threadIdx.x] = kb < K && col < N ? B[kb * N + col] : 0.0;
    __syncthreads();
    for (int q = 0; q < TILE; ++q) acc += As[threadIdx.y][q] * Bs[q][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) {
    double z = acc + bias[col];
    C[row * N + col] = z > 0.0 ? z : 0.1 * z;
  }
}
