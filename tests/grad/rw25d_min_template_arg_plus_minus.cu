// cuad: --fn both_neighbours
// cuad: fwd --fn both_neighbours
// Minimal: a function template calls two instances of another one whose template arguments
// are written as expressions, `k - 1` and `k + 1`. cuad names the derivative of each
// instance after the argument text and both `1 - 1` and `1 + 1` become `1___1`, so one body
// serves both calls: the gradient and the pushforward are silently wrong. Here
// out = x + 2x^2 and d/dx = 1 + 4x; the gradient gives 8x (both calls pull back through
// term<2>), the pushforward gives tangent 2 and value 2x (both calls use term<0>).
#include <cuda_runtime.h>

template <int k>
__device__ double term(double x) {
  if constexpr (k <= 0) {
    return x;
  } else {
    return k * x * x;
  }
}

template <int k>
__device__ double neighbours(double x) {
  return term<k - 1>(x) + term<k + 1>(x);
}

__global__ void both_neighbours(const double* __restrict__ x, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = neighbours<1>(x[i]);
}
