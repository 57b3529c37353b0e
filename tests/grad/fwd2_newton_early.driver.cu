#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_newton_early");
#if CUAD_OUTPUT == 2
  {
    const int nr = 9, nt = 7, n = 50;
    Rng rng(116);
    std::vector<float> lr(nr), ta(nt), vlr(nr), vta(nt);
    for (int k = 0; k < nr; ++k) lr[k] = -1.0f + 0.5f * k;
    for (int k = 0; k < nt; ++k) ta[k] = 0.5f + 0.4f * k;
    vlr = rng.vec<float>(nr, -0.05, 0.05);
    vta = rng.vec<float>(nt, -0.05, 0.05);
    std::vector<float> table = rng.vec<float>(nr * nt, 0.5, 2.0), vtable = rng.vec<float>(nr * nt);
    // inside cells, away from the edges by more than the step; some below the tables (clamped)
    std::vector<float> rho(n), T(n), vrho = rng.vec<float>(n), vT = rng.vec<float>(n);
    for (int i = 0; i < n; ++i) {
      int cr = i % (nr - 1), ct = (3 * i) % (nt - 1);
      rho[i] = expf(lr[cr] + 0.5f * (0.2f + 0.6f * (float)rng.uniform(0, 1)));
      T[i] = ta[ct] + 0.4f * (0.2f + 0.6f * (float)rng.uniform(0, 1));
      if (i % 11 == 0) T[i] = 0.2f;  // below the table: weight clamped to 0
    }
    std::vector<float> p0 = zeros<float>(n);
    auto outputs_at = [&](double t) {
      DeviceArray<float> dp(p0), drho(along(rho, t, vrho)), dT(along(T, t, vT)),
          dlr(along(lr, t, vlr)), dta(along(ta, t, vta)), dtab(along(table, t, vtable));
      CUAD_LAUNCH(tabulated_pressure, 2, 32, dp.ptr, drho.ptr, dT.ptr, dlr.ptr, dta.ptr, dtab.ptr,
                  nr, nt, n);
      return as_doubles(dp.get());
    };
    DeviceArray<float> dp(p0), d_p(p0), drho(rho), d_rho(vrho), dT(T), d_T(vT), dlr(lr), d_lr(vlr),
        dta(ta), d_ta(vta), dtab(table), d_tab(vtable);
    CUAD_GRAD(CUAD_LAUNCH(tabulated_pressure_pushforward, 2, 32, dp.ptr, drho.ptr, dT.ptr, dlr.ptr,
                          dta.ptr, dtab.ptr, nr, nt, n, d_p.ptr, d_rho.ptr, d_T.ptr, d_lr.ptr,
                          d_ta.ptr, d_tab.ptr));
    check.array("p", d_p.get(), directional_fd<float>(outputs_at));
  }
#else
  const int n = 40;
  Rng rng(110);
  std::vector<double> a = rng.vec(n, 0.3, 2.0), va = rng.vec(n), b = rng.vec(n, -2.0, 2.0),
                      vb = rng.vec(n), x0 = zeros<double>(n);
  for (int i = 0; i < n; i += 5) a[i] = -0.5;  // the early-return branch
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), db(along(b, t, vb)), dx(x0);
    CUAD_LAUNCH(solve, 2, 32, n, da.ptr, db.ptr, dx.ptr);
    return as_doubles(dx.get());
  };
  DeviceArray<double> da(a), d_a(va), db(b), d_b(vb), dx(x0), d_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(solve_pushforward, 2, 32, n, da.ptr, db.ptr, dx.ptr, d_a.ptr, d_b.ptr,
                        d_x.ptr));
  check.array("x", d_x.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
