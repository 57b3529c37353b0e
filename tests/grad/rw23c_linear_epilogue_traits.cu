// cuad: --fn linear_act<Act::Gelu,16> --wrt X,W,bias,Y
// cuad: fwd --fn linear_act<Act::Silu,16> --wrt X,W,bias,Y
// A fused linear layer Y = act(X W^T + b), as inference libraries organize it: the epilogue's
// activation is chosen at compile time through a traits class template specialized for each
// value of an `enum class` (static __device__ member functions), the tile width is a non-type
// template parameter sizing two shared-memory tiles, a `#define` gives row-major indexing,
// and one thread computes one output with a loop over K tiles (rows and columns past the
// edges load zeros).
#include <cuda_runtime.h>

#define RM(r, c, ld) ((r) * (ld) + (c))

namespace nn {
enum class Act { Identity, Gelu, Silu };

template <Act A>
struct Epilogue;

template <>
struct Epilogue<Act::Identity> {
  static __device__ float apply(float v) { return v; }
};
template <>
struct Epilogue<Act::Gelu> {
  static __device__ float apply(float v) {
    const float c = 0.7978845608f;  // sqrt(2 / pi)
    return 0.5f * v * (1.0f + tanhf(c * (v + 0.044715f * v * v * v)));
  }
};
template <>
struct Epilogue<Act::Silu> {
  static __device__ float apply(float v) { return v / (1.0f + expf(-v)); }
};
}  // namespace nn

using nn::Act;

template <Act A, int TILE>
__global__ void linear_act(const float* __restrict__ X, const float* __restrict__ W, const float* __restrict__ bias,
                           float* __restrict__ Y, int M, int N, int K) {
  __shared__ float xs[TILE][TILE];
  __shared__ float ws[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;  // sample
  const int col = blockIdx.x * TILE + threadIdx.x;  // output feature
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    const int kx = k0 + threadIdx.x;
    xs[threadIdx.y][threadIdx.x] = (row < M && kx < K) ? X[RM(row, kx, K)] : 0.0f;
    ws[threadIdx.y][threadIdx.x] = (blockIdx.x * TILE + threadIdx.y < N && k0 + threadIdx.x < K)
                                       ? W[RM(blockIdx.x * TILE + threadIdx.y, k0 + threadIdx.x, K)]
                                       : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += xs[threadIdx.y][k] * ws[threadIdx.x][k];
    __syncthreads();
  }
  if (row < M && col < N) Y[RM(row, col, N)] = nn::Epilogue<A>::apply(acc + bias[col]);
}
