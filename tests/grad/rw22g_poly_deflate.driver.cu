#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_poly_deflate");
  const int npoly = 16, deg = 5;
  Rng rng(22706);
  // coefficients of lead * prod (z - r_i) with well separated roots
  std::vector<double> coef(npoly * (deg + 1)), true_roots(npoly * deg);
  for (int t = 0; t < npoly; ++t) {
    double r[deg];
    for (int i = 0; i < deg; ++i) r[i] = -2.0 + 1.0 * i + rng.uniform(-0.3, 0.3);
    std::vector<double> c = {1.0};
    for (int i = 0; i < deg; ++i) {  // multiply by (z - r_i)
      std::vector<double> nc(c.size() + 1, 0.0);
      for (size_t k = 0; k < c.size(); ++k) {
        nc[k + 1] += c[k];
        nc[k] -= r[i] * c[k];
      }
      c = nc;
    }
    const double lead = rng.uniform(0.5, 2.0) * (t % 3 == 0 ? -1.0 : 1.0);
    for (int k = 0; k <= deg; ++k) coef[t * (deg + 1) + k] = lead * c[k];
    for (int i = 0; i < deg; ++i) true_roots[t * deg + i] = r[deg - 1 - i];  // descending
  }
  std::vector<double> roots0(npoly * deg, 0.0);
  std::vector<int> it0(npoly, 0);
  auto run = [&](const std::vector<double>& cc) {
    DeviceArray<double> dc(cc), dr(roots0);
    DeviceArray<int> di(it0);
    CUAD_LAUNCH(poly_real_roots, 1, 32, npoly, dc.ptr, dr.ptr, di.ptr);
    return dr.get();
  };
  {
    const std::vector<double> got = run(coef);
    double err = 0.0;
    for (size_t i = 0; i < got.size(); ++i) err = std::fmax(err, std::fabs(got[i] - true_roots[i]));
    check.expect(err < 1e-9, "roots found in descending order");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(npoly * deg);
  auto loss = [&] { return dot(w, run(coef)); };
  DeviceArray<double> dc(coef), dr(roots0), gc(zeros<double>(coef.size())), gr(w);
  DeviceArray<int> di(it0);
  CUAD_GRAD(CUAD_LAUNCH(poly_real_roots_grad_1_2, 1, 32, npoly, dc.ptr, dr.ptr, di.ptr, gc.ptr,
                        gr.ptr));
  const std::vector<double> g = gc.get();
  check.array("coef", g, fd(coef, loss));
  check.array("roots", gr.get(), zeros<double>(npoly * deg));
  // implicit-function value: d r / d c_k = -r^k / p'(r)
  std::vector<double> exact(coef.size(), 0.0);
  for (int t = 0; t < npoly; ++t)
    for (int i = 0; i < deg; ++i) {
      const double r = true_roots[t * deg + i];
      double dp = 0.0;
      for (int k = 1; k <= deg; ++k) dp += k * coef[t * (deg + 1) + k] * std::pow(r, k - 1);
      for (int k = 0; k <= deg; ++k)
        exact[t * (deg + 1) + k] += -w[t * deg + i] * std::pow(r, k) / dp;
    }
  check.array("coef (implicit)", g, exact, Tol{1e-6, 1e-5});
#else
  const std::vector<double> vc = rng.vec(coef.size());
  auto outputs_at = [&](double s) { return run(along(coef, s, vc)); };
  DeviceArray<double> dc(coef), dr(roots0), tc(vc), tr(zeros<double>(npoly * deg));
  DeviceArray<int> di(it0);
  CUAD_GRAD(CUAD_LAUNCH(poly_real_roots_pushforward, 1, 32, npoly, dc.ptr, dr.ptr, di.ptr, tc.ptr,
                        tr.ptr));
  check.array("roots tangent", tr.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
