// cuad: --fn combine --wrt x,y,op
// Minimal: a functor with two operator() overloads of different arity, both called by the
// differentiated function, and the struct itself differentiated (its real field carries an
// adjoint). The gradient's forward sweep calls a lowered copy of the operator for each arity.
struct Scale {
  double k;
  __host__ __device__ double operator()(double a, double b) const { return k * a * b; }
  __host__ __device__ double operator()(double a, double b, double c) const { return k * a * b * c; }
};

__host__ __device__ double combine(double x, double y, Scale op) {
  const double u = op(x, y, x);
  const double v = op(u, y);
  return v * u;
}
