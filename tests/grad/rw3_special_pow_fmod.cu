// cuad: --fn special_terms --wrt a,b,period,out
// Double-precision special functions in a device call chain with early returns: pow with
// integer and real exponents, fmod with a differentiable period, erfc, lgamma/tgamma,
// fmin/fmax/fabs away from ties.
#include <cuda_runtime.h>
#include <math.h>

__device__ double gamma_ratio(double x) {
  if (x > 6.0) return exp(lgamma(x + 0.5) - lgamma(x));
  return tgamma(x + 0.5) / tgamma(x);
}

__device__ double wrapped(double x, double period) {
  double m = fmod(x, period);
  if (m < 0.0) m += period;
  return m / period;
}

__device__ double term(double a, double b, double period) {
  double t = pow(a, 3) - 2.0 * pow(fabs(b), 2.5) + pow(1.0 + a * a, b);
  t += erfc(0.5 * b) * gamma_ratio(1.0 + a * a);
  t += sin(6.283185307179586 * wrapped(a * 4.0 + b, period));
  return fmax(t, -5.0) + fmin(a, b);
}

__global__ void special_terms(const double* a, const double* b, const double* period, double* out,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = term(a[i], b[i], period[0]);
}
