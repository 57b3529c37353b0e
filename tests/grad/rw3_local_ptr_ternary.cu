// cuad: --fn smooth_passes --wrt x,alpha,y
// Per-thread repeated smoothing of a short local window: the source and destination local
// arrays are picked by pointer ternaries on the pass's parity, a nonlinear mix per pass, and
// the last destination picked the same way is reduced into the output.
#include <cuda_runtime.h>

#define WIN 6

__global__ void smooth_passes(const double* __restrict__ x, const double* __restrict__ alpha,
                              double* __restrict__ y, int n, int passes) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double even[WIN], odd[WIN];
  for (int k = 0; k < WIN; ++k) even[k] = x[i * WIN + k];
  for (int p = 0; p < passes; ++p) {
    const double* src = (p % 2 == 0) ? even : odd;
    double* dst = (p % 2 == 0) ? odd : even;
    for (int k = 0; k < WIN; ++k) {
      const double l = src[k > 0 ? k - 1 : k], r = src[k < WIN - 1 ? k + 1 : k];
      dst[k] = src[k] + alpha[p] * (l - 2.0 * src[k] + r) + 0.05 * sin(src[k]);
    }
  }
  const double* last = (passes % 2 == 0) ? even : odd;
  double s = 0.0;
  for (int k = 0; k < WIN; ++k) s += last[k] * (k + 1);
  y[i] = s;
}
