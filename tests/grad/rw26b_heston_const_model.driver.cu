#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_heston_const_model");
  Rng rng(26707);
  const int n = 70;
  std::vector<double> z(2 * NSTEP * n);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  // Feller holds with room (2 kappa theta = 0.3 > xi^2 = 0.09): the truncation stays inactive
  HestonModel model{0.05, 2.5, 0.06, 0.3, -0.65};
  double s0 = 100.0;
  const double r = 0.02, T = 1.0, K = 98.0;
  double* f[] = {&model.v0, &model.kappa, &model.theta, &model.xi, &model.rho};
  const char* names[] = {"v0", "kappa", "theta", "xi", "rho"};
#if CUAD_OUTPUT == 1
  auto loss = [&] { return heston_asian_price(&model, z.data(), s0, r, T, K, n); };
  HestonModel g{0, 0, 0, 0, 0};
  double gs0 = 0.0;
  CUAD_GRAD(heston_asian_price_grad_0_2(&model, z.data(), s0, r, T, K, n, &g, &gs0));
  const double* gf[] = {&g.v0, &g.kappa, &g.theta, &g.xi, &g.rho};
  for (int i = 0; i < 5; ++i) check.scalar(names[i], *gf[i], fd(*f[i], loss));
  check.scalar("s0", gs0, fd(s0, loss));
#else
  const HestonModel v{0.01, -0.3, 0.005, 0.1, 0.05};
  const double vs0 = 2.0;
  auto outputs_at = [&](double t) {
    HestonModel q{along(model.v0, t, v.v0), along(model.kappa, t, v.kappa),
                  along(model.theta, t, v.theta), along(model.xi, t, v.xi),
                  along(model.rho, t, v.rho)};
    return std::vector<double>{heston_asian_price(&q, z.data(), along(s0, t, vs0), r, T, K, n)};
  };
#if !defined(CUAD_SELFTEST)
  const auto res = heston_asian_price_pushforward_0_2(&model, z.data(), s0, r, T, K, n, &v, vs0);
  check.array("price tangent", std::vector<double>{res.pushforward},
              directional_fd<double>(outputs_at));
#else
  check.array("price tangent", std::vector<double>{0.0}, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
