// cuad: fwd --fn k
// cuad: --fn k
// powf and std::pow with an exponent that is 0 at run time, at x = 0: d/dx x^0 = 0, where
// e * pow(x, e - 1) is 0 * inf = NaN; a nonzero exponent keeps its slope (x^1 at 0 is 1).
#include <cmath>

__global__ void k(const float* x, const int* e, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float ef = (float)e[i];
  y[i] = powf(x[i], ef) + 0.5f * std::pow(2.0f * x[i], ef) + x[i];
}
