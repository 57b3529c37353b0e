// cuad: fwd --fn f
// A value-returning device/host function with pow, atan2, erf, lgamma, hypot, fmin, fmax,
// fabs, log1p, cbrt and a ternary; an early return on one branch.
__host__ __device__ double f(double x, double y, double z) {
  double r = hypot(x, y);
  double a = atan2(y, x);
  if (z > 2.5) return pow(r, z) * a;
  double g = lgamma(1.5 + x * x) + erf(y * z);
  double b = fmax(fabs(x - y), 0.1) * fmin(z, 1.2);
  double c = x > 0 ? pow(x, 1.5) : cbrt(z + 3.0);
  return g * b + c + log1p(r) * a + pow(2.0, z);
}
