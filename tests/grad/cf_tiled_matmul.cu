// cuad: --fn matmul --wrt C,A,B
// Classic tiled matrix multiply C = A (MxK) * B (KxN) with 2-D blocks (blockIdx.y for rows),
// bounds checks on ragged edges, and a sigmoid epilogue.
#define TS 4
__global__ void matmul(double* C, const double* A, const double* B, int M, int N, int K) {
  __shared__ double As[TS][TS];
  __shared__ double Bs[TS][TS];
  int row = blockIdx.y * TS + threadIdx.y;
  int col = blockIdx.x * TS + threadIdx.x;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TS) {
    As[threadIdx.y][threadIdx.x] =
        (row < M && k0 + threadIdx.x < K) ? A[row * K + k0 + threadIdx.x] : 0.0;
    Bs[threadIdx.y][threadIdx.x] =
        (col < N && k0 + threadIdx.y < K) ? B[(k0 + threadIdx.y) * N + col] : 0.0;
    __syncthreads();
    for (int k = 0; k < TS; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = 1.0 / (1.0 + exp(-acc));
}
