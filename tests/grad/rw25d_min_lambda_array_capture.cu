// cuad: --fn sq_sum
// cuad: fwd --fn sq_sum
// Minimal: a lambda bound to a local captures a local array by reference (and a scalar
// accumulator) and is called in a loop. cuad refuses: "cannot differentiate a lambda
// capturing the array `v` yet".
#include <cuda_runtime.h>

__global__ void sq_sum(const double* __restrict__ x, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v[3];
  for (int k = 0; k < 3; ++k) v[k] = x[3 * i + k];
  double s = 0.0;
  auto add = [&](int a, int b) { s += v[a] * v[b]; };
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) add(a, b);
  out[i] = s;
}
