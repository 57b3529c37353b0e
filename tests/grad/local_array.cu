// cuad: --fn horner --wrt x,a
// Fixed-size local arrays: one filled in a loop, one from an initializer list.
__host__ __device__ double horner(double x, const double* a) {
  double pw[5];
  pw[0] = 1.0;
  for (int i = 1; i < 5; ++i) pw[i] = pw[i - 1] * x;
  double c[3] = {a[0], a[1] * 2.0, a[2] - a[0]};
  double s = 0.0;
  for (int i = 0; i < 5; ++i) s += c[i % 3] * pw[i];
  return s;
}
