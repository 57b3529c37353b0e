// cuad: --fn bessel_features --wrt x,nu,out
// Device functions with data-dependent while loops: the modified Bessel function I0 by its
// power series (terms added until they stop mattering, with a `break` and an iteration cap),
// and a Newton solve of y + nu * sinh(y) = x whose iteration count depends on the input.
#include <cuda_runtime.h>

__device__ double bessel_i0_series(double x) {
  const double q = 0.25 * x * x;
  double term = 1.0, sum = 1.0;
  int k = 1;
  while (true) {
    term *= q / ((double)k * k);
    sum += term;
    if (term < 1e-17 * sum || k > 60) break;
    ++k;
  }
  return sum;
}

__device__ double solve_sinh(double x, double nu) {
  double y = x / (1.0 + nu);
  double step = 1.0;
  int it = 0;
  while (fabs(step) > 1e-14 && it < 50) {
    const double f = y + nu * sinh(y) - x;
    const double df = 1.0 + nu * cosh(y);
    step = f / df;
    y -= step;
    ++it;
  }
  return y;
}

__global__ void bessel_features(const double* x, const double* nu, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = log(bessel_i0_series(x[i]));
  out[2 * i + 1] = solve_sinh(x[i], nu[i]);
}
