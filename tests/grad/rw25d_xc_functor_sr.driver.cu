#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_xc_functor_sr");
  Rng rng(25412);
  const int n = 64;
  std::vector<double> rho(n), sigma(n), wq = rng.vec(n, 0.05, 0.3);
  int large_a = 0;
  const double omega0 = 8.0;
  for (int i = 0; i < n; ++i) {
    for (;;) {
      rho[i] = std::exp(rng.uniform(std::log(0.01), std::log(0.64)));  // a in [1.5, 6]
      const double kf = std::cbrt(3.0 * M_PI * M_PI * rho[i]);
      const double a = omega0 / (2.0 * kf);
      if (std::fabs(a - A_SWITCH) > 0.05) {
        large_a += a > A_SWITCH;
        break;
      }
    }
    sigma[i] = std::pow(rho[i], 8.0 / 3.0) * rng.uniform(0.05, 4.0);
  }
  rho[7] = 1e-14;  // skipped point
  std::printf("points on the asymptotic branch: %d\n", large_a);
  check.expect(large_a >= 5, "asymptotic branch used");
  // functional parameters: omega, kappa, mu as a vector for the finite differences
  std::vector<double> par = {omega0, 0.804, 0.2195};
  std::vector<double> E0 = {0.0};
  const std::vector<double> w = rng.vec(n), wE = rng.vec(1);
  auto loss = [&] {
    DeviceArray<double> dr(rho), ds(sigma), dw(wq), de(zeros<double>(n)), dE(E0);
    CUAD_LAUNCH(xc_eval<SRPBEx>, 1, 64, SRPBEx{par[0], par[1], par[2]}, n, dr.ptr, ds.ptr, dw.ptr, de.ptr, dE.ptr);
    return dot(w, de.get()) + dot(wE, dE.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> dr(rho), ds(sigma), dw(wq), de(zeros<double>(n)), dE(E0), gr(zeros<double>(n)),
      gs(zeros<double>(n)), ge(w), gE(wE);
  DeviceArray<SRPBEx> gf(std::vector<SRPBEx>{SRPBEx{0.0, 0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(xc_eval_grad_0_2_3_5_6<SRPBEx>, 1, 64, SRPBEx{par[0], par[1], par[2]}, n, dr.ptr, ds.ptr,
                        dw.ptr, de.ptr, dE.ptr, gf.ptr, gr.ptr, gs.ptr, ge.ptr, gE.ptr));
  const SRPBEx g = gf.get()[0];
  check.array("f (omega, kappa, mu)", std::vector<double>{g.omega, g.kappa, g.mu}, fd(par, loss));
  std::vector<double> fr(n), fs(n);
  int noisy = 0;
#if !defined(CUAD_RACECHECK)
  for (int i = 0; i < n; ++i) {
    fr[i] = central_difference_by(rho[i], loss, 1e-4 * rho[i]);
    fs[i] = central_difference_by(sigma[i], loss, 1e-4 * sigma[i]);
    noisy += !within_tol(fr[i], central_difference_by(rho[i], loss, 2e-4 * rho[i]), Tol{1e-6, 1e-5});
    noisy += !within_tol(fs[i], central_difference_by(sigma[i], loss, 2e-4 * sigma[i]), Tol{1e-6, 1e-5});
  }
#endif
  check.expect(noisy == 0, "finite differences stable under step doubling");
  check.array("rho", gr.get(), fr);
  check.array("sigma", gs.get(), fs);
  check.array("exc", ge.get(), zeros<double>(n));
  check.array("E", gE.get(), fd(E0, loss));
#else
  const std::vector<double> vpar = {0.7, -0.05, 0.02};
  std::vector<double> vr(n), vs(n);
  for (int i = 0; i < n; ++i) {
    vr[i] = rho[i] * rng.uniform(-1.0, 1.0);
    vs[i] = sigma[i] * rng.uniform(-1.0, 1.0);
  }
  const std::vector<double> vE = {0.3};
  auto outputs_at = [&](double t) {
    const std::vector<double> p = along(par, t * 1e-2, vpar), r = along(rho, t * 1e-2, vr), sg = along(sigma, t * 1e-2, vs);
    DeviceArray<double> dr(r), ds(sg), dw(wq), de(zeros<double>(n)), dE(along(E0, t * 1e-2, vE));
    CUAD_LAUNCH(xc_eval<SRPBEx>, 1, 64, SRPBEx{p[0], p[1], p[2]}, n, dr.ptr, ds.ptr, dw.ptr, de.ptr, dE.ptr);
    std::vector<double> out = de.get();
    out.push_back(dE.get()[0]);
    return out;
  };
  std::vector<double> dfd = directional_fd<double>(outputs_at);
  for (double& x : dfd) x /= 1e-2;  // the direction was scaled by 1e-2 to keep relative steps small
  DeviceArray<double> dr(rho), ds(sigma), dw(wq), de(zeros<double>(n)), dE(E0), tr(vr), ts(vs), te(zeros<double>(n)),
      tE(vE);
  CUAD_GRAD(CUAD_LAUNCH(xc_eval_pushforward_0_2_3_5_6<SRPBEx>, 1, 64, SRPBEx{par[0], par[1], par[2]}, n, dr.ptr,
                        ds.ptr, dw.ptr, de.ptr, dE.ptr, SRPBEx{vpar[0], vpar[1], vpar[2]}, tr.ptr, ts.ptr, te.ptr,
                        tE.ptr));
  std::vector<double> tan = te.get();
  tan.push_back(tE.get()[0]);
  check.array("tangent", tan, dfd);
#endif
  return check.finish();
}
