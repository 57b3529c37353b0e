// cuad: --fn energy
// cuad: fwd --fn energy
// A host function reading records through a pointer that `__host__ __device__` helpers
// advance by reference (`take(p)`, `skip(p, k)`), in a loop and straight-line, and writing
// results through an output pointer a helper advances (`put(o, v)`).
__host__ __device__ double take(const double*& p) {
  double v = *p;
  ++p;
  return v;
}
__host__ __device__ void skip(const double*& p, int k) { p += k; }
__host__ __device__ void put(double*& o, double v) {
  *o = v;
  ++o;
}

double energy(const double* x, double* y, int n) {
  const double* p = x;
  double* o = y;
  double e = 0;
  for (int i = 0; i < n; ++i) {
    double a = take(p);
    double b = take(p);
    skip(p, 1);
    put(o, a * b);
    e += sin(a) * b;
  }
  double last = take(p);
  return e * last;
}
