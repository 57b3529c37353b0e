// cuad: --fn poly_mix --wrt x,y,p
// Minimal: a struct with two same-arity overloads of one method, (double, double) and
// (double, int). The gradient's forward sweep calls a lowered free-function copy of the
// method; only one overload gets a copy, so the call eval(x, 3) compiles against the
// (double, double) copy and silently computes c0 * x + c1 * 3 instead of c0 * x^3 + c1.
struct Poly {
  double c0, c1;
  __host__ __device__ double eval(double x, double y) const { return c0 * x + c1 * y; }
  __host__ __device__ double eval(double x, int n) const {
    double r = c0;
    for (int i = 0; i < n; ++i) r *= x;
    return r + c1;
  }
};

__host__ __device__ double poly_mix(double x, double y, Poly p) {
  const double a = p.eval(x, y);
  const double b = p.eval(x, 3);
  return a * b;
}
