// cuad: --fn weighted --wrt x,c
// Host function: dereference, pointer arithmetic, a walking pointer and pointer indexing.
double weighted(const double* x, const double* c, int n) {
  const double* p = x + 1;
  double s = *x * *(p + 1);
  const double* q = c;
  for (int i = 0; i < n; ++i) {
    s += *q++ * x[i] * x[i];
  }
  const double* last = x + n - 1;
  return s + *last * p[0];
}
