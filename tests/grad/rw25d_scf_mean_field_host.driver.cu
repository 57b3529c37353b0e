#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_scf_mean_field_host");
  Rng rng(25421);
  const int L = 5, n = L * L;
  const double beta = 0.35, mix = 0.8, tol = 1e-11;
  const int max_iter = 200;
  std::vector<double> J = rng.vec(2 * n, 0.4, 0.9), h = rng.vec(n, -0.3, 0.5), m0 = rng.vec(n, -0.2, 0.4);
  const std::vector<double> wm = rng.vec(n);
  auto loss = [&] {
    std::vector<double> m = m0;
    const double F = scf_magnetisation(L, J.data(), h.data(), beta, mix, tol, max_iter, m.data());
    return F + dot(wm, m);
  };
  std::vector<double> m = m0, gJ(2 * n, 0.0), gh(n, 0.0), gm = wm;
  CUAD_GRAD(scf_magnetisation_grad_1_2_7(L, J.data(), h.data(), beta, mix, tol, max_iter, m.data(), gJ.data(),
                                         gh.data(), gm.data()));
  check.array("J", gJ, fd(J, loss));
  check.array("h", gh, fd(h, loss));
  // the converged field hardly depends on the initial guess: its adjoint is (nearly) zero
  check.array("m", gm, fd(m0, loss));
  return check.finish();
}
