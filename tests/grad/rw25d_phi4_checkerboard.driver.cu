#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_phi4_checkerboard");
  Rng rng(25408);
  const int L = 10, n = L * L, n_sweeps = 3;  // L not a multiple of the 8x8 block
  const double dt = 0.05;
  std::vector<double> spins = rng.vec(n, -1.2, 1.2), Jx = rng.vec(n, 0.2, 1.0), Jy = rng.vec(n, 0.2, 1.0);
  double r = -0.6, u = 0.35;
  const std::vector<double> ws = rng.vec(n);
  auto loss = [&] {
    std::vector<double> s = spins;
    const double e = relax_and_measure(s.data(), Jx.data(), Jy.data(), r, u, dt, L, n_sweeps);
    return e + dot(ws, s);
  };
  std::vector<double> s = spins, gs = ws, gjx(n, 0.0), gjy(n, 0.0);
  double gr = 0.0, gu = 0.0;
  CUAD_GRAD(relax_and_measure_grad_0_1_2_3_4(s.data(), Jx.data(), Jy.data(), r, u, dt, L, n_sweeps, gs.data(),
                                             gjx.data(), gjy.data(), &gr, &gu));
  check.array("spins", gs, fd(spins, loss));
  check.array("Jx", gjx, fd(Jx, loss));
  check.array("Jy", gjy, fd(Jy, loss));
  check.scalar("r", gr, fd(r, loss));
  check.scalar("u", gu, fd(u, loss));
  return check.finish();
}
