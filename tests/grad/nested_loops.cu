// cuad: --fn nested --wrt a
// Nested loops with a triangular inner bound.
double nested(const double* a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) s += a[i] * a[j] / (1.0 + j);
  return s;
}
