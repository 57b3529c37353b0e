#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_lbm_pull_soa");
  const int nx = 10, ny = 6, nsteps = 3, N = nx * ny;
  Rng rng(22506);
  // channel: solid bottom and top rows, plus one obstacle node
  std::vector<unsigned char> solid(N, 0);
  for (int x = 0; x < nx; ++x) solid[x] = solid[(ny - 1) * nx + x] = 1;
  solid[3 * nx + 4] = 1;
  const double wq[9] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
  std::vector<double> f0(9 * N);
  for (int q = 0; q < 9; ++q)
    for (int n = 0; n < N; ++n) f0[q * N + n] = wq[q] * (1.0 + rng.uniform(-0.1, 0.1));
  double tau = 0.8, force_x = 1e-3 * 3;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(9 * N);
  auto loss = [&] {
    std::vector<double> out(9 * N, 0.0);
    lbm_run(f0.data(), out.data(), solid.data(), tau, force_x, nx, ny, nsteps);
    return dot(w, out);
  };
  std::vector<double> out(9 * N, 0.0), gf(9 * N, 0.0), gout = w;
  double gtau = 0.0, gfx = 0.0;
  CUAD_GRAD(lbm_run_grad_0_1_3_4(f0.data(), out.data(), solid.data(), tau, force_x, nx, ny, nsteps,
                                 gf.data(), gout.data(), &gtau, &gfx));
  check.array("f0", gf, fd(f0, loss));
  check.scalar("tau", gtau, fd(tau, loss));
  check.scalar("force_x", gfx, fd(force_x, loss));
  check.array("f_final", gout, zeros<double>(9 * N));
#else
  const std::vector<double> tf = rng.vec(9 * N, -0.02, 0.02);
  const double ttau = 0.1, tfx = 0.002;
  auto outputs_at = [&](double t) {
    std::vector<double> out(9 * N, 0.0);
    const std::vector<double> ff = along(f0, t, tf);
    lbm_run(ff.data(), out.data(), solid.data(), along(tau, t, ttau), along(force_x, t, tfx), nx, ny,
            nsteps);
    return out;
  };
  std::vector<double> out(9 * N, 0.0), tout(9 * N, 7.0);
  CUAD_GRAD(lbm_run_pushforward(f0.data(), out.data(), solid.data(), tau, force_x, nx, ny, nsteps,
                                tf.data(), tout.data(), ttau, tfx));
  check.array("f_final tangent", tout, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("f_final value", out, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
