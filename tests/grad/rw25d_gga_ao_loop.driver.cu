#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_gga_ao_loop");
  Rng rng(25410);
  const int n_pts = 24;
  // shells: atom 0: l=2 (7 AOs, 2 prims), l=0 (1 AO, 1 prim); atom 1: l=1 (4 AOs, 2 prims)
  const std::vector<ShellDesc> shells = {{2, 0, 0, 2, 0}, {0, 0, 2, 1, 7}, {1, 1, 3, 2, 8}};
  const int n_shell = 3, n_ao = 12, n_prim = 5;
  std::vector<double> expo = {1.7, 0.35, 0.8, 2.4, 0.5}, coef = rng.vec(n_prim, 0.3, 1.0);
  std::vector<double> atoms = {-0.5, 0.2, 0.1, 0.6, -0.3, -0.2};
  std::vector<double> dm(n_ao * n_ao);
  for (int a = 0; a < n_ao; ++a)
    for (int b = 0; b <= a; ++b) dm[a * n_ao + b] = dm[b * n_ao + a] = rng.uniform(-0.3, 0.3) + (a == b ? 0.5 : 0.0);
  const std::vector<double> pts = rng.vec(3 * n_pts, -1.8, 1.8);
  auto V = [](DeviceArray<double>& a) { return reinterpret_cast<Vec3*>(a.ptr); };
  auto run = [&](const std::vector<double>& at, const std::vector<double>& ex, const std::vector<double>& co,
                 const std::vector<double>& d) {
    DeviceArray<ShellDesc> dsh(shells);
    DeviceArray<double> dp(pts), da(at), de(ex), dc(co), dd(d), dr(zeros<double>(n_pts)), ds(zeros<double>(n_pts));
    CUAD_LAUNCH(rho_sigma_on_grid, 1, 32, n_pts, V(dp), n_shell, dsh.ptr, V(da), de.ptr, dc.ptr, n_ao, dd.ptr, dr.ptr,
                ds.ptr);
    std::vector<double> out = dr.get(), s = ds.get();
    out.insert(out.end(), s.begin(), s.end());
    return out;
  };
  DeviceArray<ShellDesc> dsh(shells);
  DeviceArray<double> dp(pts), da(atoms), de(expo), dc(coef), dd(dm), dr(zeros<double>(n_pts)),
      ds(zeros<double>(n_pts));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n_pts);
  auto loss = [&] { return dot(w, run(atoms, expo, coef, dm)); };
  const std::vector<double> wr(w.begin(), w.begin() + n_pts), wsg(w.begin() + n_pts, w.end());
  DeviceArray<double> ga(zeros<double>(6)), ge(zeros<double>(n_prim)), gc(zeros<double>(n_prim)),
      gd(zeros<double>(n_ao * n_ao)), gr(wr), gs(wsg);
  CUAD_GRAD(CUAD_LAUNCH(rho_sigma_on_grid_grad_4_5_6_8_9_10, 1, 32, n_pts, V(dp), n_shell, dsh.ptr, V(da), de.ptr,
                        dc.ptr, n_ao, dd.ptr, dr.ptr, ds.ptr, V(ga), ge.ptr, gc.ptr, gd.ptr, gr.ptr, gs.ptr));
  check.array("atoms", ga.get(), fd(atoms, loss));
  check.array("expo", ge.get(), fd(expo, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("dm", gd.get(), fd(dm, loss));
  check.array("rho", gr.get(), zeros<double>(n_pts));
  check.array("sigma", gs.get(), zeros<double>(n_pts));
#else
  const std::vector<double> va = rng.vec(6), ve = rng.vec(n_prim, -0.1, 0.1), vc = rng.vec(n_prim),
                            vd = rng.vec(n_ao * n_ao);
  auto outputs_at = [&](double t) {
    return run(along(atoms, t, va), along(expo, t, ve), along(coef, t, vc), along(dm, t, vd));
  };
  DeviceArray<double> ta(va), te(ve), tc(vc), td(vd), tr(zeros<double>(n_pts)), ts(zeros<double>(n_pts));
  CUAD_GRAD(CUAD_LAUNCH(rho_sigma_on_grid_pushforward_4_5_6_8_9_10, 1, 32, n_pts, V(dp), n_shell, dsh.ptr, V(da),
                        de.ptr, dc.ptr, n_ao, dd.ptr, dr.ptr, ds.ptr, V(ta), te.ptr, tc.ptr, td.ptr, tr.ptr, ts.ptr));
  std::vector<double> tan = tr.get(), t2 = ts.get(), val = dr.get(), v2 = ds.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  val.insert(val.end(), v2.begin(), v2.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("value", val, run(atoms, expo, coef, dm));
#endif
#endif
  return check.finish();
}
