#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_smooth_barrier_stats");
  Rng rng(26808);
  const int n = 50;
  std::vector<double> z(NSTEP * n);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> s0 = {100.0}, vol(NSTEP);
  for (int k = 0; k < NSTEP; ++k) vol[k] = 0.22 + 0.004 * k + rng.uniform(-0.01, 0.01);
  double rate = 0.03;
  const BarrierSpec spec{82.0, 1.5, 101.0, 1.0};
  auto run = [&](const std::vector<double>& s, const std::vector<double>& v, double r) {
    DeviceArray<double> dz(z), ds(s), dv(v), dp(zeros<double>(n));
    CUAD_LAUNCH(barrier_asian_lookback, 2, 32, dz.ptr, ds.ptr, dv.ptr, r, spec, n, dp.ptr);
    return dp.get();
  };
  {
    const std::vector<double> p0 = run(s0, vol, rate);
    int dead = 0;
    for (double v : p0) dead += v == 0.0;
    std::printf("paths knocked out: %d of %d\n", dead, n);
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(s0, vol, rate)); };
  DeviceArray<double> dz(z), ds(s0), dv(vol), dp(zeros<double>(n)), gs(zeros<double>(1)),
      gv(zeros<double>(NSTEP)), gp(w);
  DeviceScalar<double> gr(0.0);
  CUAD_GRAD(CUAD_LAUNCH(barrier_asian_lookback_grad_1_2_3_6, 2, 32, dz.ptr, ds.ptr, dv.ptr, rate,
                        spec, n, dp.ptr, gs.ptr, gv.ptr, gr.ptr, gp.ptr));
  check.array("s0", gs.get(), fd(s0, loss));
  check.array("vol_ts", gv.get(), fd(vol, loss));
  check.scalar("rate", gr.value(), fd(rate, loss));
  check.array("pay", gp.get(), zeros<double>(n));
#else
  const std::vector<double> vs = {3.0}, vv = rng.vec(NSTEP, -0.05, 0.05);
  const double vr = 0.01;
  auto outputs_at = [&](double t) {
    return run(along(s0, t, vs), along(vol, t, vv), along(rate, t, vr));
  };
  DeviceArray<double> dz(z), ds(s0), dv(vol), dp(zeros<double>(n)), ts(vs), tv(vv),
      tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(barrier_asian_lookback_pushforward_1_2_3_6, 2, 32, dz.ptr, ds.ptr, dv.ptr,
                        rate, spec, n, dp.ptr, ts.ptr, tv.ptr, vr, tp.ptr));
  check.array("pay tangent", tp.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("pay value", dp.get(), run(s0, vol, rate));
#endif
#endif
  return check.finish();
}
