#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_langevin_baoab");
  Rng rng(23212);
  const int n = 12, steps = 5;
  const double kT = 0.5, dt = 0.02;
  double gamma = 1.5;
  std::vector<double> x = rng.vec(3 * n, -1.0, 1.0), v = rng.vec(3 * n, -0.7, 0.7);
  std::vector<double> pot = {0.8, 0.6, 1.3};
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> xc = x, vc = v;
    const double e = langevin_run(xc.data(), vc.data(), pot.data(), n, gamma, kT, dt, steps);
    return e + dot(wx, xc) + dot(wv, vc);
  };
  std::vector<double> xc = x, vc = v, gx = wx, gv = wv, gpot(3, 0.0);
  double gg = 0.0;
  CUAD_GRAD(langevin_run_grad_0_1_2_4(xc.data(), vc.data(), pot.data(), n, gamma, kT, dt, steps, gx.data(),
                                      gv.data(), gpot.data(), &gg));
  check.array("x", gx, fd(x, loss));
  check.array("v", gv, fd(v, loss));
  check.array("pot", gpot, fd(pot, loss));
  check.scalar("gamma", gg, fd(gamma, loss));
  return check.finish();
}
