// cuad: --fn mix --wrt x,y,p
// cuad: fwd --fn mix --wrt x,y
// Overloaded methods that share a name: same arity with different parameter types, a const
// method next to a non-const twin of one overload only, and call operators of two arities.
// Each call must reach its own overload (stand-ins are C++ overloads of one name).
struct Poly {
  double c0, c1;
  __host__ __device__ double eval(double x, double y) const { return c0 * x + c1 * y; }
  __host__ __device__ double eval(double x, int n) const {
    double r = c0;
    for (int i = 0; i < n; ++i) r *= x;
    return r + c1;
  }
  // Non-const twin of eval(double, double): scales c1 first.
  __host__ __device__ double eval(double x, double y) {
    c1 = c1 * 2.0;
    return c0 * x * y + c1;
  }
  __host__ __device__ double operator()(double a) const { return c0 * a * a; }
  __host__ __device__ double operator()(double a, double b) const { return c1 * a * b * b; }
};

__host__ __device__ double use_const(const Poly& p, double x, double y) {
  return p.eval(x, y) * p.eval(y, 3) + p(x) + p(x, y);
}

__host__ __device__ double mix(double x, double y, Poly p) {
  const double a = use_const(p, x, y);
  const double b = p.eval(x, y);  // the non-const overload
  return a * b;
}
