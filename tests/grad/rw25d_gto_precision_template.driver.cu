#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using Real = double;
constexpr int L = 2;
#else
using Real = float;
constexpr int L = 1;
#endif

int main() {
  Checker check("rw25d_gto_precision_template");
  Rng rng(25425 + CUAD_OUTPUT);
  const int n_pts = 20, n_prim = 3, NC = (L + 1) * (L + 2) / 2, m = n_pts * NC;
  const std::vector<Real> pts = rng.vec<Real>(3 * n_pts, -1.5, 1.5);
  std::vector<Real> expo = {Real(2.5), Real(0.8), Real(0.3)}, coef = rng.vec<Real>(n_prim, 0.3, 1.0),
                    centers = rng.vec<Real>(3, -0.3, 0.3);
  auto run = [&](const std::vector<Real>& e, const std::vector<Real>& c, const std::vector<Real>& ce) {
    DeviceArray<Real> dp(pts), de(e), dc(c), dce(ce), dv(zeros<Real>(m));
    CUAD_LAUNCH((gto_values<Real, L>), 1, 32, n_pts, dp.ptr, n_prim, de.ptr, dc.ptr, dce.ptr, dv.ptr);
    return dv.get();
  };
  DeviceArray<Real> dp(pts), de(expo), dc(coef), dce(centers), dv(zeros<Real>(m));
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<Real> w = rng.vec<Real>(m);
  auto loss = [&] { return dot(w, run(expo, coef, centers)); };
  DeviceArray<Real> ge(zeros<Real>(n_prim)), gc(zeros<Real>(n_prim)), gce(zeros<Real>(3)), gv(w);
  CUAD_GRAD(CUAD_LAUNCH((gto_values_grad_3_4_5_6<Real, L>), 1, 32, n_pts, dp.ptr, n_prim, de.ptr, dc.ptr, dce.ptr,
                        dv.ptr, ge.ptr, gc.ptr, gce.ptr, gv.ptr));
  check.array("expo", ge.get(), fd(expo, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("centers", gce.get(), fd(centers, loss));
  check.array("values", gv.get(), zeros<double>(m));
#else
  const std::vector<Real> ve = rng.vec<Real>(n_prim, -0.2, 0.2), vc = rng.vec<Real>(n_prim), vce = rng.vec<Real>(3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(expo, t, ve), along(coef, t, vc), along(centers, t, vce))); };
  DeviceArray<Real> te(ve), tc(vc), tce(vce), tv(zeros<Real>(m));
  CUAD_GRAD(CUAD_LAUNCH((gto_values_pushforward_3_4_5_6<Real, L>), 1, 32, n_pts, dp.ptr, n_prim, de.ptr, dc.ptr,
                        dce.ptr, dv.ptr, te.ptr, tc.ptr, tce.ptr, tv.ptr));
  check.array("tangent", as_doubles(tv.get()), directional_fd<Real>(outputs_at), default_tol<Real>());
#endif
  return check.finish();
}
