// cuad: --fn mix --wrt x,y,p
// A host function (plain or `__host__ __device__`) using the value of a helper that also
// overwrites an argument through a reference: `b = ev(q, x, y)` with `double& q`, and a
// non-const method updating a field (`s.bump(x)`). The overwritten values are saved before the
// call and restored before its pullback, as for the statement `ev(q, x, y);` (before, the
// pullback re-ran the helper on the value it had already updated, and the reverse of `a = q *
// x` read that value too).
struct Acc {
  double c0, c1;
  __host__ __device__ double bump(double x) {
    c1 = c1 * x + c0;
    return c0 * c1;
  }
};

double ev(double& q, double x, double y) {
  q = q * q + 0.5;
  return x * y + q;
}

__host__ __device__ double bumped(Acc& s, double x) { return s.bump(x) + s.c1; }

double mix(double x, double y, double p) {
  double q = p;
  const double a = q * x;
  const double b = ev(q, x, y);
  Acc s{p, y};
  const double c = s.c1 * x;
  const double d = bumped(s, x) * s.bump(y);
  return a * b + q * c + d * s.c1;
}
