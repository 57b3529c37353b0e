#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_mpm_sim_host");
  Rng rng(25304);
  const int n = 36, steps = 4;
  const double dt = 4e-3;
  // a 6 x 6 block of particles in the middle of the box, jittered, moving right
  std::vector<double> x0(2 * n), v0(2 * n);
  for (int p = 0; p < n; ++p) {
    x0[2 * p] = 0.38 + 0.04 * (p % 6) + rng.uniform(-0.008, 0.008);
    x0[2 * p + 1] = 0.36 + 0.04 * (p / 6) + rng.uniform(-0.008, 0.008);
    v0[2 * p] = 1.5 + rng.uniform(-0.3, 0.3);
    v0[2 * p + 1] = rng.uniform(-0.5, 0.5);
  }
  double E = 40.0, nu = 0.2;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] {
    std::vector<double> xf(2 * n, 0.0);
    const double r = simulate_mpm(x0.data(), v0.data(), E, nu, n, steps, dt, xf.data());
    return r + dot(w, xf);
  };
  std::vector<double> xf(2 * n, 0.0);
  simulate_mpm(x0.data(), v0.data(), E, nu, n, steps, dt, xf.data());
  double lo = 1.0, hi = 0.0;
  for (double q : xf) lo = std::fmin(lo, q), hi = std::fmax(hi, q);
  check.expect(lo > 0.25 && hi < 0.75, "particles stay away from the sticky walls");
  std::vector<double> gx0(2 * n, 0.0), gv0(2 * n, 0.0), gxf = w;
  double gE = 0.0, gnu = 0.0;
  CUAD_GRAD(simulate_mpm_grad_0_1_2_3_7(x0.data(), v0.data(), E, nu, n, steps, dt, xf.data(), gx0.data(),
                                        gv0.data(), &gE, &gnu, gxf.data()));
  check.array("x0", gx0, fd(x0, loss));
  check.array("v0", gv0, fd(v0, loss));
  check.scalar("E", gE, fd(E, loss));
  check.scalar("nu", gnu, fd(nu, loss));
  check.array("x_final (only written)", gxf, zeros<double>(2 * n));
#else
  const std::vector<double> tx0 = rng.vec(2 * n, -0.01, 0.01), tv0 = rng.vec(2 * n);
  const double tE = 5.0, tnu = -0.05;
  auto outputs_at = [&](double t) {
    std::vector<double> xf(2 * n, 0.0);
    const double r = simulate_mpm(along(x0, t, tx0).data(), along(v0, t, tv0).data(), along(E, t, tE),
                                  along(nu, t, tnu), n, steps, dt, xf.data());
    xf.push_back(r);
    return xf;
  };
  std::vector<double> xf(2 * n, 0.0), txf(2 * n, 0.0);
  simulate_mpm(x0.data(), v0.data(), E, nu, n, steps, dt, xf.data());
  double lo = 1.0, hi = 0.0;
  for (double q : xf) lo = std::fmin(lo, q), hi = std::fmax(hi, q);
  check.expect(lo > 0.25 && hi < 0.75, "particles stay away from the sticky walls");
  std::vector<double> tan(2 * n + 1, 0.0);
  CUAD_GRAD({
    auto r = simulate_mpm_pushforward_0_1_2_3_7(x0.data(), v0.data(), E, nu, n, steps, dt, xf.data(), tx0.data(),
                                                tv0.data(), tE, tnu, txf.data());
    tan = txf;
    tan.push_back(r.pushforward);
  });
  check.array("x_final, mean tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
