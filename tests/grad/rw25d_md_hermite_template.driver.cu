#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_md_hermite_template");
  Rng rng(25418);
  // shells: s(2 prims) on 0, p(1) on 1, d(2) on 0, p(2) on 2
  const std::vector<ShellRec> shells = {{Am::S, 0, 2, 0}, {Am::P, 2, 1, 1}, {Am::D, 3, 2, 0}, {Am::P, 5, 2, 2}};
  const std::vector<int> ao_off = {0, 1, 4, 10};
  const int n_shell = 4, n_ao = 13, n_prim = 7, m = n_ao * n_ao;
  std::vector<double> expo = {3.1, 0.45, 0.9, 1.7, 0.38, 2.2, 0.6}, coef = rng.vec(n_prim, 0.3, 1.0);
  std::vector<double> centers = rng.vec(9, -1.0, 1.0);
  auto run = [&](const std::vector<double>& e, const std::vector<double>& c, const std::vector<double>& ce) {
    DeviceArray<ShellRec> dsh(shells);
    DeviceArray<int> dof(ao_off);
    DeviceArray<double> de(e), dc(c), dce(ce), dS(zeros<double>(m));
    CUAD_LAUNCH(overlap_md<2>, 1, 32, n_shell, dsh.ptr, dof.ptr, de.ptr, dc.ptr, dce.ptr, n_ao, dS.ptr);
    return dS.get();
  };
  // sanity: a normalised-ish check that S is symmetric
  {
    const std::vector<double> S = run(expo, coef, centers);
    double asym = 0;
    for (int i = 0; i < n_ao; ++i)
      for (int j = 0; j < n_ao; ++j) asym = std::fmax(asym, std::fabs(S[i * n_ao + j] - S[j * n_ao + i]));
    check.expect(asym < 1e-12, "S symmetric");
  }
  DeviceArray<ShellRec> dsh(shells);
  DeviceArray<int> dof(ao_off);
  DeviceArray<double> de(expo), dc(coef), dce(centers), dS(zeros<double>(m));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(m);
  auto loss = [&] { return dot(w, run(expo, coef, centers)); };
  DeviceArray<double> ge(zeros<double>(n_prim)), gc(zeros<double>(n_prim)), gce(zeros<double>(9)), gS(w);
  CUAD_GRAD(CUAD_LAUNCH(overlap_md_grad_3_4_5_7<2>, 1, 32, n_shell, dsh.ptr, dof.ptr, de.ptr, dc.ptr, dce.ptr, n_ao,
                        dS.ptr, ge.ptr, gc.ptr, gce.ptr, gS.ptr));
  check.array("expo", ge.get(), fd(expo, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("centers", gce.get(), fd(centers, loss));
  check.array("S", gS.get(), zeros<double>(m));
#else
  const std::vector<double> ve = rng.vec(n_prim, -0.2, 0.2), vc = rng.vec(n_prim), vce = rng.vec(9);
  auto outputs_at = [&](double t) { return run(along(expo, t, ve), along(coef, t, vc), along(centers, t, vce)); };
  DeviceArray<double> te(ve), tc(vc), tce(vce), tS(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(overlap_md_pushforward<2>, 1, 32, n_shell, dsh.ptr, dof.ptr, de.ptr, dc.ptr, dce.ptr,
                        n_ao, dS.ptr, te.ptr, tc.ptr, tce.ptr, tS.ptr));
  check.array("tangent", tS.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("value", dS.get(), run(expo, coef, centers));
#endif
#endif
  return check.finish();
}
