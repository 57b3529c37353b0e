#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_betts_miller");
  Rng rng(26615);
  const int ncol = 40;
  std::vector<double> pres(NZC), zlev(NZC);
  for (int k = 0; k < NZC; ++k) {
    zlev[k] = 50.0 + 700.0 * k;
    pres[k] = 100000.0 * std::exp(-zlev[k] / 8000.0);
  }
  std::vector<double> temp(ncol * NZC), qv(ncol * NZC), precip = rng.vec(ncol, 0.0, 5.0);
  int active = 0;
  for (int c = 0; c < ncol; ++c) {
    // retry until the parcel's buoyancy at every level is away from zero, so the trigger and
    // the cloud top stay put under the finite differences
    for (int tries = 0;; ++tries) {
      const bool unstable = c % 2 == 0;
      const double Ts = rng.uniform(295.0, 303.0);
      const double lapse = unstable ? rng.uniform(7.0e-3, 8.5e-3) : rng.uniform(5.0e-3, 8.5e-3);
      const double rh = unstable ? rng.uniform(0.92, 0.99) : rng.uniform(0.6, 0.95);
      bool ok = true;
      for (int k = 0; k < NZC; ++k) {
        const double T = Ts - lapse * (zlev[k] - zlev[0]) + (k > 0 ? rng.uniform(-0.8, 0.8) : 0.0);
        temp[c * NZC + k] = T;
        const double es = 611.2 * std::exp(17.67 * (T - 273.15) / (T - 29.65));
        qv[c * NZC + k] = rh * 0.622 * es / (pres[k] - 0.378 * es);
        if (k > 0) {
          const double b = Ts - 6.5e-3 * (zlev[k] - zlev[0]) - T;
          if (std::fabs(b) < 0.05) ok = false;
        }
      }
      if (ok) break;
      if (tries > 1000) {
        check.expect(false, "columns away from neutral buoyancy");
        break;
      }
    }
  }
  const double dt = 900.0;
  double tau = 7200.0;
  auto run = [&](const std::vector<double>& T, const std::vector<double>& q, double ta, const std::vector<double>& pr) {
    DeviceArray<double> dp(pres), dz(zlev), dT(T), dq(q), dpr(pr);
    CUAD_LAUNCH(bm_convection, 2, 32, ncol, dp.ptr, dz.ptr, dT.ptr, dq.ptr, ta, dt, dpr.ptr);
    std::vector<double> o = dT.get(), a = dq.get(), b = dpr.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
  {
    std::vector<double> o = run(temp, qv, tau, precip);
    for (int c = 0; c < ncol; ++c) active += o[2 * ncol * NZC + c] != precip[c];
    std::printf("active columns: %d of %d\n", active, ncol);
    check.expect(active > 5 && active < ncol - 5, "some columns convect, some not");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> wT = rng.vec(ncol * NZC), wq = rng.vec(ncol * NZC, -1000, 1000), wp = rng.vec(ncol);
  auto loss = [&] {
    std::vector<double> o = run(temp, qv, tau, precip), w = wT;
    w.insert(w.end(), wq.begin(), wq.end());
    w.insert(w.end(), wp.begin(), wp.end());
    return dot(w, o);
  };
  DeviceArray<double> dp(pres), dz(zlev), dT(temp), dq(qv), dpr(precip), gT(wT), gq(wq), gp(wp);
  DeviceScalar<double> gtau(0.0);
  CUAD_GRAD(CUAD_LAUNCH(bm_convection_grad_3_4_5_7, 2, 32, ncol, dp.ptr, dz.ptr, dT.ptr, dq.ptr, tau, dt, dpr.ptr,
                        gT.ptr, gq.ptr, gtau.ptr, gp.ptr));
  check.array("temp", gT.get(), fd(temp, loss));
  check.array("qv", gq.get(), fd(qv, loss));
  check.scalar("tau_bm", gtau.value(), fd(tau, loss));
  check.array("precip", gp.get(), fd(precip, loss));
#else
  const std::vector<double> vT = rng.vec(ncol * NZC, -0.1, 0.1), vq = rng.vec(ncol * NZC, -1e-4, 1e-4),
                            vp = rng.vec(ncol);
  const double vtau = 500.0;
  auto outputs_at = [&](double t) { return run(along(temp, t, vT), along(qv, t, vq), along(tau, t, vtau), along(precip, t, vp)); };
  DeviceArray<double> dp(pres), dz(zlev), dT(temp), dq(qv), dpr(precip), tT(vT), tq(vq), tp(vp);
  CUAD_GRAD(CUAD_LAUNCH(bm_convection_pushforward_3_4_5_7, 2, 32, ncol, dp.ptr, dz.ptr, dT.ptr, dq.ptr, tau, dt, dpr.ptr,
                        tT.ptr, tq.ptr, vtau, tp.ptr));
  std::vector<double> o = tT.get(), a = tq.get(), b = tp.get();
  o.insert(o.end(), a.begin(), a.end());
  o.insert(o.end(), b.begin(), b.end());
  check.array("tangent", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
