#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15p_host_lbm_steps");
  const int nx = 10, ny = 6, nsteps = 3, Qn = 9;  // partial blocks in x and y
  const double wq[9] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
  Rng rng(15021);
  std::vector<double> f(Qn * nx * ny);
  for (int q = 0; q < Qn; ++q)
    for (int c = 0; c < nx * ny; ++c) f[q * nx * ny + c] = wq[q] * (1.0 + rng.uniform(-0.1, 0.1));
  double omega = 1.3;
  std::vector<double> w = rng.vec(2 * nx * ny);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> u(2 * nx * ny);
    lbm_run(f.data(), omega, u.data(), nx, ny, nsteps);
    return dot(w, u);
  };
  std::vector<double> af(f.size(), 0.0), au = w, u(2 * nx * ny);
  double aom = 0.0;
  CUAD_GRAD(lbm_run_grad_0_1_2(f.data(), omega, u.data(), nx, ny, nsteps, af.data(), &aom,
                               au.data()));
  check.array("u_out", au, zeros<double>(2 * nx * ny));
  check.array("f_init", af, fd(f, loss));
  check.scalar("omega", aom, fd(omega, loss));
#else
  std::vector<double> vf = rng.vec(f.size(), -0.01, 0.01);
  double vom = 0.4;
  auto outputs_at = [&](double t) {
    std::vector<double> u(2 * nx * ny), ff = along(f, t, vf);
    lbm_run(ff.data(), along(omega, t, vom), u.data(), nx, ny, nsteps);
    return u;
  };
  std::vector<double> u(2 * nx * ny), du(2 * nx * ny, 7.0);
  CUAD_GRAD(lbm_run_pushforward(f.data(), omega, u.data(), nx, ny, nsteps, vf.data(), vom,
                                du.data()));
  check.array("u_out", du, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
