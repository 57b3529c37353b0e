#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_advdiff_misfit_host");
  Rng rng(24015);
  const int n = 45, nsteps = 7;
  const double dt = 0.02, dx = 0.1;
  std::vector<double> u0(n), obs(n);
  for (int i = 0; i < n; ++i) {
    u0[i] = std::sin(2 * M_PI * i / n) + rng.uniform(-0.2, 0.2);
    obs[i] = std::sin(2 * M_PI * (i - 2.0) / n) + rng.uniform(-0.1, 0.1);
  }
  double c = 1.3, nu = 0.05;
  auto loss = [&] { return advdiff_misfit(u0.data(), obs.data(), n, nsteps, c, nu, dt, dx); };
  std::vector<double> gu(n, 0.0);
  double gc = 0.0, gnu = 0.0;
  CUAD_GRAD(advdiff_misfit_grad_0_4_5(u0.data(), obs.data(), n, nsteps, c, nu, dt, dx, gu.data(), &gc, &gnu));
  check.array("u0", gu, fd(u0, loss));
  check.scalar("c", gc, fd(c, loss));
  check.scalar("nu", gnu, fd(nu, loss));
  return check.finish();
}
