#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_tabulated_eos_functor");
  Rng rng(23313);
  const int n = 150, nt = 9;
  const double rho0 = 0.5, drho = 0.25;  // table covers [0.5, 2.5]
  std::vector<double> table = rng.vec(nt, 1.3, 1.7), rho(n), energy = rng.vec(n, 0.5, 2.0), p = rng.vec(n);
  for (int i = 0; i < n; ++i) {
    if (i % 10 == 0) rho[i] = rng.uniform(0.2, 0.45);        // below the table
    else if (i % 10 == 1) rho[i] = rng.uniform(2.6, 3.0);   // above the table
    else {
      // inside, away from the sample points (the interpolation's kinks)
      const int k = (int)rng.uniform(0.0, nt - 1.0);
      rho[i] = rho0 + drho * (k + rng.uniform(0.05, 0.95));
    }
  }
  std::vector<double> geo = {rho0, 1.0 / drho};  // the table's origin and inverse spacing
  auto mk = [&](const double* tab) { return TabulatedEos{tab, nt, geo[0], geo[1]}; };
  auto run = [&](const std::vector<double>& r, const std::vector<double>& e, const std::vector<double>& t) {
    DeviceArray<double> dr(r), de(e), dt(t), dp(p);
    CUAD_LAUNCH((pressure_kernel<TabulatedEos, 2>), 2, 32, dr.ptr, de.ptr, mk(dt.ptr), dp.ptr, n);
    return dp.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(rho, energy, table)); };
  DeviceArray<double> dr(rho), de(energy), dt(table), dp(p), ar(zeros<double>(n)), ae(zeros<double>(n)),
      at(zeros<double>(nt)), ap(w);
  DeviceScalar<TabulatedEos> aeos(TabulatedEos{at.ptr, 0, 0.0, 0.0});
  CUAD_GRAD(CUAD_LAUNCH((pressure_kernel_grad_0_1_2_3<TabulatedEos, 2>), 2, 32, dr.ptr, de.ptr, mk(dt.ptr), dp.ptr, n,
                        ar.ptr, ae.ptr, aeos.ptr, ap.ptr));
  check.array("rho", ar.get(), fd(rho, loss));
  check.array("energy", ae.get(), fd(energy, loss));
  check.array("eos.table", at.get(), fd(table, loss));
  const TabulatedEos g = aeos.value();
  check.array("eos.rho0, eos.inv_drho", std::vector<double>{g.rho0, g.inv_drho}, fd(geo, loss));
  check.array("p (only written)", ap.get(), zeros<double>(n));
#else
  const std::vector<double> vr = rng.vec(n, -0.5, 0.5), ve = rng.vec(n), vt = rng.vec(nt);
  auto outputs_at = [&](double t) { return run(along(rho, t, vr), along(energy, t, ve), along(table, t, vt)); };
  DeviceArray<double> dr(rho), de(energy), dt(table), dp(p), tr(vr), te(ve), tt(vt), tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH((pressure_kernel_pushforward<TabulatedEos, 2>), 2, 32, dr.ptr, de.ptr, mk(dt.ptr), dp.ptr, n,
                        tr.ptr, te.ptr, TabulatedEos{tt.ptr, nt, 0.0, 0.0}, tp.ptr));
  check.array("p tangent", tp.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("p value", dp.get(), run(rho, energy, table));
#endif
#endif
  return check.finish();
}
