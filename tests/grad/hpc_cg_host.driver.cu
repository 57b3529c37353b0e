#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_cg_host");
  const int n = 40, iters = 3;
  const double off = -1.0;
  Rng rng(515);
  std::vector<double> x = rng.vec(n, -0.1, 0.1), diag = rng.vec(n, 3.0, 4.0), b = rng.vec(n),
                      w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> s = x;
    cg_solve(s.data(), diag.data(), b.data(), off, n, iters);
    return dot(w, s);
  };
  std::vector<double> s = x, a_x = w, a_d(n, 0.0), a_b(n, 0.0);
  CUAD_GRAD(cg_solve_grad_0_1_2(s.data(), diag.data(), b.data(), off, n, iters, a_x.data(),
                                a_d.data(), a_b.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("diag", a_d, fd(diag, loss));
  check.array("b", a_b, fd(b, loss));
  return check.finish();
}
