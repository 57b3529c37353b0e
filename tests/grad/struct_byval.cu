// cuad: --fn energy --wrt p,x
// A struct passed by value; its adjoint is one struct accumulator (Params*).
struct Params {
  double k;
  double c;
  int order;
};

__host__ __device__ double energy(Params p, double x) {
  double e = 0.5 * p.k * x * x;
  for (int i = 0; i < p.order; ++i) e += p.c * x;
  return e * p.k + p.c;
}
