// cuad: --fn matmul_bias_tiled<8> --wrt out,A,B,bias
// Classic shared-memory tiled GEMM with a bias epilogue, out[M, N] = A[M, K] * B[K, N] +
// bias[N], the way it is taught and still written in small custom extensions: TILE x TILE
// blocks (template <int TILE>), padded __shared__ tiles As[TILE][TILE + 1] to avoid bank
// conflicts, zero-filled loads at the ragged edges (M, N, K not multiples of TILE), two
// __syncthreads per k-tile, an unrolled inner product, and a guarded store.
#include <cuda_runtime.h>

template <int TILE>
__global__ void matmul_bias_tiled(double* __restrict__ out, const double* __restrict__ A,
                                  const double* __restrict__ B, const double* __restrict__ bias,
                                  int M, int N, int K) {
  __shared__ double As[TILE][TILE + 1];
  __shared__ double Bs[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < TILE; ++kk) acc += As[ty][kk] * Bs[kk][tx];
    __syncthreads();
  }
  if (row < M && col < N) out[row * N + col] = acc + bias[col];
}
