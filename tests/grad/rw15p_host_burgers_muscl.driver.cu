#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw15p_host_burgers_muscl");
  // 64 cells, two blocks; a smooth profile whose slopes keep their sign between neighbours
  // (the limiter's kinks at slope 0 and |a| = |b| stay far from the data) over three steps.
  const int n = 64, nsteps = 3;
  const double dx = 1.0 / n, dtdx = 0.3 / 1.5;
  Rng rng(15051);
  std::vector<double> u0(n);
  for (int i = 0; i < n; ++i)
    u0[i] = 1.0 + 0.4 * std::sin(2.0 * M_PI * (i + 0.5) * dx + 0.3) +
            0.1 * std::sin(6.0 * M_PI * (i + 0.5) * dx) + rng.uniform(-0.002, 0.002);
  std::vector<double> w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(n);
    burgers_run(u0.data(), out.data(), n, dtdx, nsteps);
    return dot(w, out);
  };
  std::vector<double> au(n, 0.0), aout = w, out(n);
  CUAD_GRAD(burgers_run_grad_0_1(u0.data(), out.data(), n, dtdx, nsteps, au.data(), aout.data()));
  check.array("u_out", aout, zeros<double>(n));
  check.array("u0", au, fd(u0, loss));
#else
  std::vector<double> v = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> out(n), uu = along(u0, t, v);
    burgers_run(uu.data(), out.data(), n, dtdx, nsteps);
    return out;
  };
  std::vector<double> out(n), dout(n, 3.0);
  CUAD_GRAD(burgers_run_pushforward_0_1(u0.data(), out.data(), n, dtdx, nsteps, v.data(), dout.data()));
  check.array("u_out", dout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
