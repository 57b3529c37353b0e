#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_advdiff_host");
  Rng rng(23304);
  const int nx = 7, ny = 5, n = nx * ny, steps = 4;  // 35 cells: the last thread has one
  const double dx = 1.0, dt = 0.08;
  std::vector<double> u0 = rng.vec(n, 0.0, 2.0), vel(2 * n), out = rng.vec(n);
  for (int k = 0; k < 2 * n; ++k) {
    const double m = rng.uniform(0.2, 1.0);
    vel[k] = rng.uniform(0.0, 1.0) < 0.5 ? -m : m;  // |v| >= 0.2: no upwind switch under FD
  }
  double kappa = 0.3;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = out;
    advect_diffuse(u0.data(), vel.data(), kappa, o.data(), nx, ny, dx, dt, steps);
    return dot(w, o);
  };
  std::vector<double> gu(n, 0.0), gv(2 * n, 0.0), gout = w, o = out;
  double gk = 0.0;
  CUAD_GRAD(advect_diffuse_grad_0_1_2_3(u0.data(), vel.data(), kappa, o.data(), nx, ny, dx, dt, steps,
                                        gu.data(), gv.data(), &gk, gout.data()));
  check.array("u0", gu, fd(u0, loss));
  check.array("vel", gv, fd(vel, loss));
  check.scalar("kappa", gk, fd(kappa, loss));
  check.array("u_out (only written)", gout, zeros<double>(n));
  return check.finish();
}
