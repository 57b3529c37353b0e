#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_heat_source");
  Rng rng(21001);
  const int nx = 19, ny = 11, n = nx * ny, steps = 7;  // partial blocks in x and y
  std::vector<double> T0 = rng.vec(n, -0.8, 0.8), q = rng.vec(n, 0.0, 2.0);
  double kappa = 0.9;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    run_heat(T0.data(), q.data(), kappa, out.data(), nx, ny, steps);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gT0(n, 0.0), gq(n, 0.0), gout = w;
  double gk = 0.0;
  CUAD_GRAD(run_heat_grad_0_1_2_3(T0.data(), q.data(), kappa, out.data(), nx, ny, steps,
                                  gT0.data(), gq.data(), &gk, gout.data()));
  check.array("T0", gT0, fd(T0, loss));
  check.array("source", gq, fd(q, loss));
  check.scalar("kappa", gk, fd(kappa, loss));
  check.array("T_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
