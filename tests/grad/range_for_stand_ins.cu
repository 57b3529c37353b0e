// cuad: --fn k --wrt x,y,p
// cuad: fwd --fn k
// Range-based `for` loops in functions cuad prints as written for the gradient's forward
// sweep: a function template over a reference-to-array parameter (`const L (&ls)[N]`) that
// receives a lambda (instantiated for it as `sum_over_k_lambda_f<N>`), and a method looping
// over a member array (its free stand-in `Poly_eval`). Their loop bounds are the arrays'
// lengths; the template's instance used to print the parser's `__cuad_extent(ls)`, which
// does not compile.
struct L {
  double a;
};

template <int N, typename F>
__device__ double sum_over(const L (&ls)[N], F&& f) {
  double s = 0.0;
  for (const L& l : ls) s += f(l);
  return s;
}

struct Poly {
  double c[3];
  __device__ double eval(double x) const {
    double s = 0.0;
    for (double ci : c) s = s * x + ci;
    return s;
  }
};

__global__ void k(const double* x, double* y, Poly p) {
  int i = threadIdx.x;
  L ls[2] = {{x[2 * i]}, {x[2 * i + 1]}};
  auto f = [&](const L& l) { return l.a * l.a; };
  y[i] = sum_over(ls, f) + p.eval(x[2 * i]) * x[2 * i + 1];
}
