#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_density_shells");
  Rng rng(25402);
  const int n_atoms = 2, n_pts = 40;
  // atom 0: s(3 prims), s(1), p(2); atom 1: s(2), p(1)
  const std::vector<Shell> shells = {
      {0, 0, 0, 3, 0}, {0, 0, 3, 1, 1}, {1, 0, 4, 2, 2}, {0, 1, 6, 2, 5}, {1, 1, 8, 1, 6}};
  const int n_shell = 5, n_prim = 9, n_ao = 9;
  std::vector<double> expo = {13.0, 2.0, 0.45, 0.16, 1.9, 0.4, 3.4, 0.6, 0.8};
  std::vector<double> coef = rng.vec(n_prim, 0.2, 1.0);
  std::vector<double> atoms = {-0.7, 0.1, 0.0, 0.7, -0.1, 0.2};
  std::vector<double> dm(n_ao * n_ao);
  for (int a = 0; a < n_ao; ++a)
    for (int b = 0; b <= a; ++b) dm[a * n_ao + b] = dm[b * n_ao + a] = rng.uniform(-0.4, 0.4) + (a == b ? 0.6 : 0.0);
  std::vector<double> grid = rng.vec(3 * n_pts, -2.5, 2.5);
  // keep every exponent * r^2 away from the screening cutoff
  int screened = 0;
  for (int i = 0; i < n_pts; ++i)
    for (;;) {
      bool ok = true;
      for (const Shell& s : shells)
        for (int k = 0; k < s.n_prim; ++k) {
          double r2 = 0;
          for (int c = 0; c < 3; ++c) r2 += std::pow(grid[3 * i + c] - atoms[3 * s.atom + c], 2);
          const double t = expo[s.prim_off + k] * r2;
          if (std::fabs(t - SCREEN) < 0.5) ok = false;
          screened += t > SCREEN;
        }
      if (ok) break;
      for (int c = 0; c < 3; ++c) grid[3 * i + c] = rng.uniform(-2.5, 2.5);
    }
  std::printf("screened primitive evaluations: %d\n", screened);
  check.expect(screened > 20, "some primitives screened");
  auto run = [&](const std::vector<double>& at, const std::vector<double>& ex, const std::vector<double>& co,
                 const std::vector<double>& d) {
    DeviceArray<Shell> dsh(shells);
    DeviceArray<double> dg(grid), da(at), de(ex), dc(co), dd(d), dr(zeros<double>(n_pts));
    CUAD_LAUNCH(density_on_grid, 2, 32, n_pts, dg.ptr, n_shell, dsh.ptr, da.ptr, de.ptr, dc.ptr, n_ao, dd.ptr, dr.ptr);
    return dr.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n_pts);
  auto loss = [&] { return dot(w, run(atoms, expo, coef, dm)); };
  DeviceArray<Shell> dsh(shells);
  DeviceArray<double> dg(grid), da(atoms), de(expo), dc(coef), dd(dm), dr(zeros<double>(n_pts)),
      ga(zeros<double>(atoms.size())), ge(zeros<double>(n_prim)), gc(zeros<double>(n_prim)),
      gd(zeros<double>(n_ao * n_ao)), gr(w);
  CUAD_GRAD(CUAD_LAUNCH(density_on_grid_grad_4_5_6_8_9, 2, 32, n_pts, dg.ptr, n_shell, dsh.ptr, da.ptr, de.ptr,
                        dc.ptr, n_ao, dd.ptr, dr.ptr, ga.ptr, ge.ptr, gc.ptr, gd.ptr, gr.ptr));
  check.array("atoms", ga.get(), fd(atoms, loss));
  check.array("expo", ge.get(), fd(expo, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("dm", gd.get(), fd(dm, loss));
  check.array("rho", gr.get(), zeros<double>(n_pts));
#else
  const std::vector<double> va = rng.vec(atoms.size()), ve = rng.vec(n_prim, -0.1, 0.1), vc = rng.vec(n_prim),
                            vd = rng.vec(n_ao * n_ao), vr = rng.vec(n_pts);
  auto outputs_at = [&](double t) {
    return run(along(atoms, t, va), along(expo, t, ve), along(coef, t, vc), along(dm, t, vd));
  };
  DeviceArray<Shell> dsh(shells);
  DeviceArray<double> dg(grid), da(atoms), de(expo), dc(coef), dd(dm), dr(zeros<double>(n_pts)), ta(va), te(ve),
      tc(vc), td(vd), tr(vr);
  CUAD_GRAD(CUAD_LAUNCH(density_on_grid_pushforward_4_5_6_8_9, 2, 32, n_pts, dg.ptr, n_shell, dsh.ptr, da.ptr,
                        de.ptr, dc.ptr, n_ao, dd.ptr, dr.ptr, ta.ptr, te.ptr, tc.ptr, td.ptr, tr.ptr));
  check.array("rho tangent", tr.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("rho value", dr.get(), run(atoms, expo, coef, dm));
#endif
#endif
  return check.finish();
}
