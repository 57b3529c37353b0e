#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_heat_implicit_probes");
  Rng rng(22310);
  const int nx = 11, ny = 9, n = nx * ny, steps = 3, sweeps = 4;  // 2x2 blocks, partial
  const double dt = 0.004;
  std::vector<double> T0 = rng.vec(n, 0.0, 1.0);
  double kappa = 0.8;
  const std::vector<int> idx = {1 * nx + 2, 4 * nx + 5, 7 * nx + 9, 8 * nx + 0};
  const std::vector<double> w = rng.vec(NPROBE);
  auto loss = [&] {
    std::vector<double> pr(NPROBE, 0.0);
    heat_implicit(T0.data(), kappa, pr.data(), idx.data(), nx, ny, steps, sweeps, dt);
    return dot(w, pr);
  };
  std::vector<double> pr(NPROBE, 0.0), gT0(n, 0.0), gpr = w;
  double gk = 0.0;
  CUAD_GRAD(heat_implicit_grad_0_1_2(T0.data(), kappa, pr.data(), idx.data(), nx, ny, steps,
                                     sweeps, dt, gT0.data(), &gk, gpr.data()));
  check.array("T0", gT0, fd(T0, loss));
  check.scalar("kappa", gk, fd(kappa, loss));
  check.array("probes", gpr, std::vector<double>(NPROBE, 0.0));
  return check.finish();
}
