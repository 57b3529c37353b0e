// cuad: fwd --fn zoo
// cuad: fwd --fn g
// Math functions the earlier rounds did not touch, in double: erfc, tgamma, expm1, sinh,
// cosh, tanh, sincos with output pointers, copysign, floor/ceil (zero derivative), fmod,
// rsqrt, pow with an integer and a real exponent, exp2/log2/log10, Bessel j0/j1/y0/jn/yn, a
// value-returning __host__ __device__ helper.
// 2: the helper alone (a value function called from host code).
__host__ __device__ double g(double x, double y) {
  double s, c;
  sincos(x * y, &s, &c);
  return s * cosh(y) - c * sinh(x) + copysign(1.0, x - 0.1) * tanh(x * y) + pow(y, 3) + pow(fabs(x) + 1.0, y);
}
__global__ void zoo(int n, const double* x, const double* y, double a, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u = x[i], v = y[i];
  double t = erfc(u * a) + tgamma(1.5 + v * v) + expm1(0.5 * u) * floor(3.0 * v + 0.5);
  t += fmod(u * 7.0 + 10.0, 1.7) * ceil(a) + rsqrt(1.0 + v * v);
  t += exp2(u) * log2(2.0 + v) - log10(3.0 + u * a);
  t += j0(u + 2.0) * j1(v + 1.0) + y0(2.5 + u) + jn(3, 2.0 * u + 4.0) * yn(2, 3.0 + v);
  out[i] = t + g(u, v) * a;
}
