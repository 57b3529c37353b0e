#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_hw_trinomial_swap");
  Rng rng(26117);
  const int n = 6, expiry = 4;
  HwParams hw{0.1, 0.012, 0.25};
  std::vector<double> P(n * (NSTEP + 1));
  for (int c = 0; c < n; ++c) {
    const double z0 = 0.02 + 0.004 * c, slope = rng.uniform(0.0, 0.004);
    for (int i = 0; i <= NSTEP; ++i) {
      const double t = i * hw.dt;
      P[c * (NSTEP + 1) + i] = exp(-(z0 + slope * t) * t);
    }
  }
  // strikes near the forward bond price from expiry to maturity, off any node value
  std::vector<double> strikes(n);
  for (int c = 0; c < n; ++c)
    strikes[c] = P[c * (NSTEP + 1) + NSTEP] / P[c * (NSTEP + 1) + expiry] + rng.uniform(-0.004, 0.004);
  auto run = [&](const std::vector<double>& pp, const HwParams& h) {
    DeviceArray<double> dP(pp), dk(strikes), dp(zeros<double>(n));
    CUAD_LAUNCH(hw_tree_options, 1, 32, dP.ptr, h, dk.ptr, expiry, n, dp.ptr);
    return dp.get();
  };
  {
    const std::vector<double> p0 = run(P, hw);
    bool pos = true;
    for (double v : p0) pos = pos && v > 0.0;
    check.expect(pos, "every option has value");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(P, hw)); };
  DeviceArray<double> dP(P), dk(strikes), dp(zeros<double>(n)), gP(zeros<double>(P.size())), gp(w);
  DeviceScalar<HwParams> gh(HwParams{0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(hw_tree_options_grad_0_1_5, 1, 32, dP.ptr, hw, dk.ptr, expiry, n, dp.ptr,
                        gP.ptr, gh.ptr, gp.ptr));
  check.array("P", gP.get(), fd(P, loss));
  const HwParams g = gh.value();
  check.scalar("a", g.a, fd(hw.a, loss));
  check.scalar("sigma", g.sigma, fd(hw.sigma, loss));
  check.scalar("dt", g.dt, fd(hw.dt, loss));
  check.array("price", gp.get(), zeros<double>(n));
#else
  const std::vector<double> vP = rng.vec(P.size(), -0.001, 0.001);
  const HwParams vh{0.02, 0.003, 0.01};
  auto outputs_at = [&](double t) {
    return run(along(P, t, vP), HwParams{along(hw.a, t, vh.a), along(hw.sigma, t, vh.sigma),
                                         along(hw.dt, t, vh.dt)});
  };
  DeviceArray<double> dP(P), dk(strikes), dp(zeros<double>(n)), tP(vP), tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(hw_tree_options_pushforward_0_1_5, 1, 32, dP.ptr, hw, dk.ptr, expiry, n,
                        dp.ptr, tP.ptr, vh, tp.ptr));
  check.array("price tangent", tp.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
