#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using Real = double;
#define GRAD lw_column_grad_1_2_4_5_6<double>
#else
using Real = float;
#define PUSH lw_column_pushforward<float>
#endif

int main() {
  Checker check("rw26f_lw_warp_scan");
  Rng rng(26611);
  const int ncol = 5, n = ncol * kLev;
  std::vector<Real> temp(n), tau(n), dp(n);
  for (int c = 0; c < ncol; ++c)
    for (int k = 0; k < kLev; ++k) {
      const double p = 1000.0 * (k + 0.5) / kLev;  // hPa
      temp[c * kLev + k] = (Real)(210.0 + 80.0 * std::pow(p / 1000.0, 0.6) + rng.uniform(-2, 2));
      tau[c * kLev + k] = (Real)(0.02 + 0.4 * std::pow(p / 1000.0, 2.0) * rng.uniform(0.5, 1.5));
      dp[c * kLev + k] = (Real)(100.0 * 1000.0 / kLev);  // Pa
    }
  Real emis = (Real)0.96;
  auto run = [&](const std::vector<Real>& T, const std::vector<Real>& ta, Real e) {
    DeviceArray<Real> dT(T), dta(ta), ddp(dp), dh(zeros<Real>(n)), dolr(zeros<Real>(ncol));
    CUAD_LAUNCH(lw_column<Real>, 3, 64, ncol, dT.ptr, dta.ptr, ddp.ptr, e, dh.ptr, dolr.ptr);
    std::vector<Real> o = dh.get(), b = dolr.get();
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<Real> wh = rng.vec<Real>(n), wo = rng.vec<Real>(ncol, -0.01, 0.01);
  auto loss = [&] {
    std::vector<Real> o = run(temp, tau, emis), w = wh;
    w.insert(w.end(), wo.begin(), wo.end());
    return dot(w, o);
  };
  DeviceArray<Real> dT(temp), dta(tau), ddp(dp), dh(zeros<Real>(n)), dolr(zeros<Real>(ncol)), gT(zeros<Real>(n)),
      gta(zeros<Real>(n)), gh(wh), golr(wo);
  DeviceScalar<Real> ge(0);
  CUAD_GRAD(CUAD_LAUNCH(GRAD, 3, 64, ncol, dT.ptr, dta.ptr, ddp.ptr, emis, dh.ptr, dolr.ptr, gT.ptr, gta.ptr, ge.ptr,
                        gh.ptr, golr.ptr));
  check.array("temp", gT.get(), fd(temp, loss));
  check.array("tau", gta.get(), fd(tau, loss));
  check.scalar("emis_sfc", ge.value(), fd(emis, loss));
#else
  const std::vector<Real> vT = rng.vec<Real>(n, -100, 100), vta = rng.vec<Real>(n, -1, 1),
                          vdp = rng.vec<Real>(n, -1000, 1000);
  const Real ve = 3.0;
  auto outputs_at = [&](double t) {
    DeviceArray<Real> dT(along(temp, t, vT)), dta(along(tau, t, vta)), ddp(along(dp, t, vdp)), dh(zeros<Real>(n)),
        dolr(zeros<Real>(ncol));
    CUAD_LAUNCH(lw_column<Real>, 3, 64, ncol, dT.ptr, dta.ptr, ddp.ptr, along(emis, t, ve), dh.ptr, dolr.ptr);
    std::vector<Real> o = dh.get(), b = dolr.get();
    o.insert(o.end(), b.begin(), b.end());
    return as_doubles(o);
  };
  DeviceArray<Real> dT(temp), dta(tau), ddp(dp), dh(zeros<Real>(n)), dolr(zeros<Real>(ncol)), tT(vT), tta(vta),
      tdp(vdp), th(zeros<Real>(n)), tolr(zeros<Real>(ncol));
  CUAD_GRAD(CUAD_LAUNCH(PUSH, 3, 64, ncol, dT.ptr, dta.ptr, ddp.ptr, emis, dh.ptr, dolr.ptr, tT.ptr, tta.ptr, tdp.ptr,
                        ve, th.ptr, tolr.ptr));
  std::vector<Real> o = th.get(), b = tolr.get();
  o.insert(o.end(), b.begin(), b.end());
  // In float the heating rates carry ~1e-5 of rounding (differences of ~300 W/m^2 fluxes), so
  // the tangents are large and the directional difference is Richardson-extrapolated from
  // steps h and 2h (h = 4e-3: the inputs move by at most 0.4 K, 4e-3 in tau, 4 Pa).
  auto central = [&](double h) {
    std::vector<double> p = outputs_at(h), m = outputs_at(-h), d(p.size());
    for (size_t i = 0; i < p.size(); ++i) d[i] = (p[i] - m[i]) / (2 * h);
    return d;
  };
  const std::vector<double> d1 = central(4e-3), d2 = central(8e-3);
  std::vector<double> dd(d1.size());
  for (size_t i = 0; i < dd.size(); ++i) dd[i] = (4 * d1[i] - d2[i]) / 3;
  check.array("tangent", o, dd);
#endif
  return check.finish();
}
