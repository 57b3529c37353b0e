#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_hllc_euler");
  const int n = 40, nsteps = 8;
  const double dtdx = 0.18;
  double gamma = 1.4;
  Rng rng(21036);
  std::vector<double> rho0(n), u0(n), p0(n);
  for (int i = 0; i < n; ++i) {
    const double s = 0.5 * (1.0 + std::tanh((i - 20.0) / 3.0));  // smoothed Sod-like jump
    rho0[i] = 1.0 - 0.6 * s + rng.uniform(-0.02, 0.02);
    p0[i] = 1.0 - 0.7 * s + rng.uniform(-0.02, 0.02);
    u0[i] = 0.3 + 0.4 * std::sin(0.3 * i) + rng.uniform(-0.02, 0.02);
  }
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> out(3 * n, 0.0);
    euler1d_run(rho0.data(), u0.data(), p0.data(), gamma, out.data(), n, nsteps, dtdx);
    return dot(w, out);
  };
  std::vector<double> out(3 * n, 0.0), ar(n, 0.0), au(n, 0.0), ap(n, 0.0), aout = w;
  double ag = 0.0;
  CUAD_GRAD(euler1d_run_grad_0_1_2_3_4(rho0.data(), u0.data(), p0.data(), gamma, out.data(), n,
                                       nsteps, dtdx, ar.data(), au.data(), ap.data(), &ag,
                                       aout.data()));
  check.array("rho0", ar, fd(rho0, loss));
  check.array("u0", au, fd(u0, loss));
  check.array("p0", ap, fd(p0, loss));
  check.scalar("gamma", ag, fd(gamma, loss));
  check.array("U_out", aout, zeros<double>(3 * n));
  return check.finish();
}
