#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flat(const std::vector<HestonSet>& s) {
  std::vector<double> v;
  for (const auto& h : s) v.insert(v.end(), {h.v0, h.kappa, h.theta, h.xi, h.rho});
  return v;
}
static std::vector<HestonSet> unflat(const std::vector<double>& v) {
  std::vector<HestonSet> s(v.size() / 5);
  for (size_t i = 0; i < s.size(); ++i)
    s[i] = HestonSet{v[5 * i], v[5 * i + 1], v[5 * i + 2], v[5 * i + 3], v[5 * i + 4]};
  return s;
}

int main() {
  Checker check("rw26b_heston_qe_warp");
  Rng rng(26116);
  const int n_sets = 3, np = 32 * PATHS_PER_LANE;
  std::vector<double> u = rng.vec(np * NSTEP, 0.01, 0.99), zs(np * NSTEP);
  for (auto& x : zs) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  // set 0 mostly in the quadratic branch, set 2 (high vol of vol) often in the exponential one
  std::vector<HestonSet> sets = {{0.04, 2.0, 0.05, 0.3, -0.6},
                                 {0.06, 1.5, 0.04, 0.6, -0.7},
                                 {0.03, 0.8, 0.04, 1.1, -0.5}};
  std::vector<double> sv = flat(sets);
  const double s0 = 100.0, r = 0.02, T = 1.0, K = 100.0;
  auto run = [&](const std::vector<double>& v) {
    DeviceArray<HestonSet> ds(unflat(v));
    DeviceArray<double> du(u), dz(zs), dp(zeros<double>(n_sets));
    CUAD_LAUNCH(heston_qe_calib, 2, 64, ds.ptr, n_sets, du.ptr, dz.ptr, s0, r, T, K, dp.ptr);
    return dp.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n_sets);
  auto loss = [&] { return dot(w, run(sv)); };
  DeviceArray<HestonSet> ds(sets), gs(std::vector<HestonSet>(n_sets, HestonSet{0, 0, 0, 0, 0}));
  DeviceArray<double> du(u), dz(zs), dp(zeros<double>(n_sets)), gp(w);
  CUAD_GRAD(CUAD_LAUNCH(heston_qe_calib_grad_0_8, 2, 64, ds.ptr, n_sets, du.ptr, dz.ptr, s0, r, T,
                        K, dp.ptr, gs.ptr, gp.ptr));
  check.array("sets", flat(gs.get()), fd(sv, loss));
  check.array("price", gp.get(), zeros<double>(n_sets));
#else
  const std::vector<double> vs = rng.vec(5 * n_sets, -0.01, 0.01);
  auto outputs_at = [&](double t) { return run(along(sv, t, vs)); };
  DeviceArray<HestonSet> ds(sets), ts(unflat(vs));
  DeviceArray<double> du(u), dz(zs), dp(zeros<double>(n_sets)), tp(zeros<double>(n_sets));
  CUAD_GRAD(CUAD_LAUNCH(heston_qe_calib_pushforward_0_8, 2, 64, ds.ptr, n_sets, du.ptr, dz.ptr, s0,
                        r, T, K, dp.ptr, ts.ptr, tp.ptr));
  check.array("price tangent", tp.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
