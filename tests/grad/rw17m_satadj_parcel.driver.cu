#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Thermo> th_of(const std::vector<double>& c) { return {Thermo{c[0], c[1], c[2]}}; }
static std::vector<double> flat(const std::vector<Thermo>& t) { return {t[0].lv, t[0].eps, t[0].p0}; }

int main() {
  Checker check("rw17m_satadj_parcel");
  const int n = 40;
  const double inv_dt = 0.5;
  Rng rng(1709);
  std::vector<double> state(3 * n), pres = rng.vec(n, 800.0, 1000.0);
  std::vector<int> regime(n);
  for (int i = 0; i < n; ++i) {
    state[3 * i] = rng.uniform(275.0, 295.0);
    regime[i] = i % 3;
    // vapour a few percent above saturation (or below, with cloud water to evaporate)
    const double T = state[3 * i], es = 6.1078 * std::exp(17.27 * (T - 273.16) / (T - 35.86));
    const double qs = 0.622 * es / (pres[i] - 0.378 * es);
    state[3 * i + 1] = qs * rng.uniform(0.9, 1.1);
    state[3 * i + 2] = rng.uniform(0.002, 0.004);
  }
  std::vector<double> consts = {2500.0, 0.622, 1.0};
  std::vector<double> ws = rng.vec(3 * n), wc = rng.vec(n), c0(n, 0.0);
  // state T is O(300): scale its weights so the objective keeps precision
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> ds(state), dp(pres), dc(c0);
    DeviceArray<int> dr(regime);
    DeviceArray<Thermo> dt(th_of(consts));
    CUAD_LAUNCH(saturation_adjust, 1, 32, ds.ptr, dp.ptr, dr.ptr, dt.ptr, dc.ptr, inv_dt, n);
    return dot(ws, ds.get()) + dot(wc, dc.get());
  };
  DeviceArray<double> ds(state), dp(pres), dc(c0), as(ws);
  DeviceArray<int> dr(regime);
  DeviceArray<Thermo> dt(th_of(consts)), at(th_of({0.0, 0.0, 0.0}));
  DeviceArray<double> ac(wc);
  CUAD_GRAD(CUAD_LAUNCH(saturation_adjust_grad_0_3_4, 1, 32, ds.ptr, dp.ptr, dr.ptr, dt.ptr, dc.ptr, inv_dt, n, as.ptr, at.ptr, ac.ptr));
  check.array("state", as.get(), fd(state, loss));
  check.array("consts", flat(at.get()), fd(consts, loss));
#else
  std::vector<double> vs(3 * n), vc = {30.0, 0.01, 0.02};
  for (int i = 0; i < n; ++i) { vs[3 * i] = rng.uniform(-1, 1); vs[3 * i + 1] = 1e-3 * rng.uniform(-1, 1); vs[3 * i + 2] = 1e-3 * rng.uniform(-1, 1); }
  auto outputs_at = [&](double t) {
    DeviceArray<double> ds(along(state, t, vs)), dp(pres), dc(c0);
    DeviceArray<int> dr(regime);
    DeviceArray<Thermo> dt(th_of(along(consts, t, vc)));
    CUAD_LAUNCH(saturation_adjust, 1, 32, ds.ptr, dp.ptr, dr.ptr, dt.ptr, dc.ptr, inv_dt, n);
    std::vector<double> o = ds.get(), c = dc.get();
    o.insert(o.end(), c.begin(), c.end());
    return o;
  };
  DeviceArray<double> ds(state), dp(pres), dc(c0), ts(vs), tc(c0);
  DeviceArray<int> dr(regime);
  DeviceArray<Thermo> dt(th_of(consts)), tt(th_of(vc));
  CUAD_GRAD(CUAD_LAUNCH(saturation_adjust_pushforward_0_3_4, 1, 32, ds.ptr, dp.ptr, dr.ptr, dt.ptr, dc.ptr, inv_dt, n, ts.ptr, tt.ptr, tc.ptr));
  std::vector<double> o = ts.get(), c = tc.get();
  o.insert(o.end(), c.begin(), c.end());
  check.array("state, cond_rate", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
