#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_pbe_xc");
  Rng rng(25403);
#if CUAD_OUTPUT == 1
  const int n = 150;  // three blocks, the last partial
  std::vector<double> rho(n), sigma(n), wq = rng.vec(n, 0.05, 0.3);
  for (int i = 0; i < n; ++i) {
    rho[i] = std::exp(rng.uniform(std::log(2e-2), std::log(5.0)));
    if (i % 17 == 3) rho[i] = 1e-13;  // below threshold: contributes nothing
    sigma[i] = rho[i] * rho[i] * rng.uniform(0.05, 3.0);
  }
  const std::vector<double> w = rng.vec(n), wE = rng.vec(1);
  std::vector<double> E0 = {0.25};  // the sum accumulates into E
  auto loss = [&] {
    DeviceArray<double> dw(wq), dr(rho), ds(sigma), de(zeros<double>(n)), dE(E0);
    CUAD_LAUNCH(xc_integrate, 3, BLOCK, n, dw.ptr, dr.ptr, ds.ptr, de.ptr, dE.ptr);
    return dot(w, de.get()) + dot(wE, dE.get());
  };
  DeviceArray<double> dw(wq), dr(rho), ds(sigma), de(zeros<double>(n)), dE(E0),
      gr(zeros<double>(n)), gs(zeros<double>(n)), ge(w), gE(wE);
  CUAD_GRAD(CUAD_LAUNCH(xc_integrate_grad_2_3_4_5, 3, BLOCK, n, dw.ptr, dr.ptr, ds.ptr, de.ptr, dE.ptr, gr.ptr,
                        gs.ptr, ge.ptr, gE.ptr));
  // values spanning decades: a step relative to each entry (h and 2h compared here)
  std::vector<double> fr(n), fs(n);
  int noisy = 0;
#if !defined(CUAD_RACECHECK)  // the race build runs the gradient only
  for (int i = 0; i < n; ++i) {
    fr[i] = central_difference_by(rho[i], loss, 1e-4 * rho[i]);
    fs[i] = central_difference_by(sigma[i], loss, 1e-4 * sigma[i]);
    noisy += !within_tol(fr[i], central_difference_by(rho[i], loss, 2e-4 * rho[i]), Tol{1e-6, 1e-5});
    noisy += !within_tol(fs[i], central_difference_by(sigma[i], loss, 2e-4 * sigma[i]), Tol{1e-6, 1e-5});
  }
#endif
  check.expect(noisy == 0, "finite differences stable under step doubling");
  check.array("rho", gr.get(), fr, Tol{1e-6, 1e-5});
  check.array("sigma", gs.get(), fs, Tol{1e-6, 1e-5});
  check.array("exc", ge.get(), zeros<double>(n));
  check.array("E", gE.get(), fd(E0, loss));
#else
  const double pts[4][2] = {{0.8, 0.3}, {2e-3, 1e-6}, {3.1, 40.0}, {0.05, 0.0004}};
  for (auto& p : pts) {
    double r = p[0], s = p[1];
    const double vr = 0.3 * r, vs = -0.2 * s;
    auto outputs_at = [&](double t) {
      return std::vector<double>{pbe_point(along(r, t * 1e-3, vr) , along(s, t * 1e-3, vs))};
    };
    std::vector<double> d = directional_fd<double>(outputs_at);
    for (auto& x : d) x *= 1e3;
    double value = 0, tangent = 0;
    CUAD_GRAD(auto res = pbe_point_pushforward(r, s, vr, vs); value = res.value; tangent = res.pushforward);
#if !defined(CUAD_SELFTEST)
    check.scalar("value", value, pbe_point(r, s));
#endif
    check.array("pushforward", std::vector<double>{tangent}, d);
  }
#endif
  return check.finish();
}
