#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_mc_hash_asian");
  const int npaths = 200;  // 2 blocks of 64: some threads take two paths, some one
  const unsigned int seed = 1234567u;
  double S0 = 100.0, K = 98.0, rate = 0.03, sigma = 0.25, T = 1.5, p0 = 0.5;
#if CUAD_OUTPUT == 1
  const double wp = 1.7;
  auto loss = [&] {
    DeviceScalar<double> dp(p0);
    CUAD_LAUNCH(asian_mc, 2, BLOCK, S0, K, rate, sigma, T, seed, npaths, dp.ptr);
    return wp * dp.value();
  };
  DeviceScalar<double> dp(p0), gp(wp), gS0(0.0), gK(0.0), gr(0.0), gs(0.0), gT(0.0);
  CUAD_GRAD(CUAD_LAUNCH(asian_mc_grad_0_1_2_3_4_7, 2, BLOCK, S0, K, rate, sigma, T, seed, npaths,
                        dp.ptr, gS0.ptr, gK.ptr, gr.ptr, gs.ptr, gT.ptr, gp.ptr));
  check.scalar("S0", gS0.value(), fd(S0, loss));
  check.scalar("K", gK.value(), fd(K, loss));
  check.scalar("rate", gr.value(), fd(rate, loss));
  check.scalar("sigma", gs.value(), fd(sigma, loss));
  check.scalar("T", gT.value(), fd(T, loss));
  check.scalar("price", gp.value(), fd(p0, loss));
#else
  const double tS0 = 2.0, tK = -1.0, tr = 0.01, ts = 0.05, tT = -0.2, tp = 0.3;
  auto outputs_at = [&](double t) {
    DeviceScalar<double> dp(along(p0, t, tp));
    CUAD_LAUNCH(asian_mc, 2, BLOCK, along(S0, t, tS0), along(K, t, tK), along(rate, t, tr),
                along(sigma, t, ts), along(T, t, tT), seed, npaths, dp.ptr);
    return std::vector<double>{dp.value()};
  };
  DeviceScalar<double> dp(p0), d_p(tp);
  CUAD_GRAD(CUAD_LAUNCH(asian_mc_pushforward, 2, BLOCK, S0, K, rate, sigma, T, seed, npaths, dp.ptr,
                        tS0, tK, tr, ts, tT, d_p.ptr));
  check.array("price tangent", std::vector<double>{d_p.value()}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("price value", dp.value(), outputs_at(0.0)[0]);
#endif
#endif
  return check.finish();
}
