#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> as_vec(const HestonParams& p) {
  return {p.s0, p.v0, p.kappa, p.theta, p.xi, p.rho, p.r, p.strike, p.barrier, p.T};
}

int main() {
  Checker check("rw13_fin_heston_milstein");
  const int n = 100, blocks = (n + BLOCK - 1) / BLOCK;
  Rng rng(1313);
  // normals from a Box-Muller of the test RNG, clipped away from the tails
  std::vector<double> z(2 * N_STEPS * n);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  HestonParams prm{100.0, 0.04, 1.5, 0.05, 0.4, -0.6, 0.02, 97.0, 78.0, 1.0};
  const double price0 = 0.25, w = 1.7;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dz(z);
    DeviceScalar<double> dp(price0);
    CUAD_LAUNCH(heston_asian_barrier, blocks, BLOCK, dz.ptr, prm, n, dp.ptr);
    return w * dp.value();
  };
  DeviceArray<double> dz(z);
  DeviceScalar<double> dp(price0), a_price(w);
  DeviceScalar<HestonParams> a_prm(HestonParams{0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(heston_asian_barrier_grad_1_3, blocks, BLOCK, dz.ptr, prm, n, dp.ptr,
                        a_prm.ptr, a_price.ptr));
  const std::vector<double> g = as_vec(a_prm.value());
  const char* names[] = {"s0", "v0", "kappa", "theta", "xi", "rho", "r", "strike", "barrier", "T"};
  double* fields[] = {&prm.s0,  &prm.v0, &prm.kappa,  &prm.theta,   &prm.xi,
                      &prm.rho, &prm.r,  &prm.strike, &prm.barrier, &prm.T};
  for (int i = 0; i < 10; ++i) check.scalar(names[i], g[i], fd(*fields[i], loss));
  check.scalar("price", a_price.value(), w);
#else
  HestonParams vp{1.3, 0.01, -0.4, 0.02, 0.1, 0.05, 0.01, -0.8, 0.6, 0.1};
  const double vprice = 0.3;
  auto outputs_at = [&](double t) {
    HestonParams q{along(prm.s0, t, vp.s0),         along(prm.v0, t, vp.v0),
                   along(prm.kappa, t, vp.kappa),   along(prm.theta, t, vp.theta),
                   along(prm.xi, t, vp.xi),         along(prm.rho, t, vp.rho),
                   along(prm.r, t, vp.r),           along(prm.strike, t, vp.strike),
                   along(prm.barrier, t, vp.barrier), along(prm.T, t, vp.T)};
    DeviceArray<double> dz(z);
    DeviceScalar<double> dp(along(price0, t, vprice));
    CUAD_LAUNCH(heston_asian_barrier, blocks, BLOCK, dz.ptr, q, n, dp.ptr);
    return std::vector<double>{dp.value()};
  };
  DeviceArray<double> dz(z);
  DeviceScalar<double> dp(price0), t_price(vprice);
  CUAD_GRAD(CUAD_LAUNCH(heston_asian_barrier_pushforward_1_3, blocks, BLOCK, dz.ptr, prm, n,
                        dp.ptr, vp, t_price.ptr));
  check.array("price", std::vector<double>{t_price.value()}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
