// cuad: --fn sweep --wrt y,x,z
// Double-precision CUDA math sweep: one output term per function.
__global__ void sweep(double* y, const double* x, const double* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i], b = z[i];
    double s = 0.0;
    s += exp2(a) + exp10(0.3 * a) + expm1(a) + log2(a + 1.0) + log10(a + 2.0) + log1p(a);
    s += cbrt(a + 1.0) + rcbrt(a + 1.0) + rsqrt(a + 1.0) + hypot(a, b) + atan2(a, b);
    s += asinh(a) + acosh(1.5 + a) + atanh(0.5 * a) + sinh(a) + cosh(b) + tanh(a * b);
    s += erf(a) + erfc(b) + tgamma(a + 1.5) + lgamma(b + 1.5);
    s += pow(a + 1.0, b) + pow(b + 2.0, 3.0) + fma(a, b, a * a);
    s += fmin(a, b + 2.0) + fmax(a, b - 2.0) + fabs(a - 3.0) + copysign(a, -1.0) + ldexp(b, 2);
    s += normcdf(a) + normcdfinv(0.3 + 0.4 * b) + sinpi(a) + cospi(b);
    s += floor(3.0 * a) * a + ceil(2.0 * b) * b;
    y[i] = s * (1.0 + 0.1 * y[i]);
  }
}
