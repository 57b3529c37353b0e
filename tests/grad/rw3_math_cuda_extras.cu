// cuad: --fn math_extras --wrt a,b,out
// cuad: fwd --fn math_extras
// CUDA math functions beyond the basic set, in double: normcdf/normcdfinv, erfcx, erfinv,
// rhypot, rcbrt, sinpi/cospi, exp2/exp10/log2/log10, norm3d/rnorm3d, fma, fdim away from its
// kink, asinh/acosh/atanh, ldexp, and remainder (derivative 1 in its first argument).
#include <cuda_runtime.h>

__global__ void math_extras(const double* a, const double* b, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = a[i], y = b[i];  // x in (0.1, 0.9), y in (1.2, 2.5)
  double r = normcdf(x - y) + 0.3 * normcdfinv(x) + erfcx(y) + 0.2 * erfinv(x - 0.5);
  r += rhypot(x, y) + rcbrt(y) + sinpi(x * y) * cospi(0.5 * x);
  r += exp2(x) + 0.1 * exp10(x) + log2(y) * log10(y + x);
  r += norm3d(x, y, x * y) + rnorm3d(y, x, 1.0);
  r += fma(x, y, x * x) + fdim(y, x) + asinh(x * y) + acosh(y) + atanh(x - 0.4);
  r += ldexp(x * y, 3) + remainder(4.0 * y, 1.7);
  out[i] = r;
}
