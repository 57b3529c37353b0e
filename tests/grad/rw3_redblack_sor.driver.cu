#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_redblack_sor");
  const int nx = 10, ny = 9, n = nx * ny, sweeps = 3;
  const double h2 = 0.04;
  Rng rng(3130);
  std::vector<double> u = rng.vec(n), f = rng.vec(n, -2.0, 2.0), omega = {1.3}, w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> s = u;
    poisson_rb(s.data(), f.data(), omega.data(), h2, nx, ny, sweeps);
    return dot(w, s);
  };
  std::vector<double> s = u, a_u = w, a_f(n, 0.0), a_w(1, 0.0);
  CUAD_GRAD(poisson_rb_grad_0_1_2(s.data(), f.data(), omega.data(), h2, nx, ny, sweeps, a_u.data(),
                                  a_f.data(), a_w.data()));
  check.array("u", a_u, fd(u, loss));
  check.array("f", a_f, fd(f, loss));
  check.array("omega", a_w, fd(omega, loss));
  return check.finish();
}
