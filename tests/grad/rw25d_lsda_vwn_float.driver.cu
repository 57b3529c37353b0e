#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_lsda_vwn_float");
  Rng rng(25413);
  const int n = 80;
  std::vector<float> wq = rng.vec<float>(n, 0.1, 0.5), ra(n), rb(n);
  int clamped = 0;
  for (int i = 0; i < n; ++i) {
    double rho = rng.uniform(0.05, 3.0);
    double z = rng.uniform(-0.9, 0.9);
    if (i % 9 == 4) {  // nearly polarised: zeta clamped
      z = (i % 2 ? 1.0 : -1.0) * rng.uniform(0.97, 0.985);
      rho = rng.uniform(1.5, 3.0);
    }
    ra[i] = (float)(0.5 * rho * (1 + z));
    rb[i] = (float)(0.5 * rho * (1 - z));
    clamped += std::fabs(z) > ZETA_MAX;
  }
  ra[10] = rb[10] = 0.0f;  // empty point, skipped
  std::printf("clamped zeta: %d\n", clamped);
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b) {
    DeviceArray<float> dw(wq), da(a), db(b), de(zeros<float>(n)), dE(zeros<float>(1));
    CUAD_LAUNCH(lsda_xc, 3, 32, n, dw.ptr, da.ptr, db.ptr, de.ptr, dE.ptr);
    std::vector<float> out = de.get();
    out.push_back(dE.get()[0]);
    return out;
  };
  DeviceArray<float> dw(wq), da(ra), db(rb), de(zeros<float>(n)), dE(zeros<float>(1));
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n + 1);
  auto loss = [&] { return dot(w, run(ra, rb)); };
  const std::vector<float> we(w.begin(), w.begin() + n), wE = {w[n]};
  DeviceArray<float> ga(zeros<float>(n)), gb(zeros<float>(n)), ge(we), gE(wE);
  CUAD_GRAD(CUAD_LAUNCH(lsda_xc_grad_2_3_4_5, 3, 32, n, dw.ptr, da.ptr, db.ptr, de.ptr, dE.ptr, ga.ptr, gb.ptr, ge.ptr,
                        gE.ptr));
  // the skipped point sits on the rho > cutoff kink: leave its entries out of the differences
  std::vector<float> gav = ga.get(), gbv = gb.get();
  std::vector<double> fa(n, 0.0), fb(n, 0.0);
  for (int i = 0; i < n; ++i)
    if (i != 10) fa[i] = fd(ra[i], loss), fb[i] = fd(rb[i], loss);
  check.expect(gav[10] == 0.0f && gbv[10] == 0.0f, "skipped point has zero adjoint");
  check.array("rho_a", gav, fa);
  check.array("rho_b", gbv, fb);
  check.array("exc", ge.get(), zeros<double>(n));
  check.array("E", gE.get(), std::vector<double>{wE[0]});
#else
  std::vector<float> va = rng.vec<float>(n, -0.3, 0.3), vb = rng.vec<float>(n, -0.3, 0.3);
  va[10] = vb[10] = 0.0f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(ra, t, va), along(rb, t, vb))); };
  DeviceArray<float> ta(va), tb(vb), te(zeros<float>(n)), tE(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH(lsda_xc_pushforward_2_3_4_5, 3, 32, n, dw.ptr, da.ptr, db.ptr, de.ptr, dE.ptr, ta.ptr, tb.ptr,
                        te.ptr, tE.ptr));
  std::vector<float> tan = te.get();
  tan.push_back(tE.get()[0]);
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
