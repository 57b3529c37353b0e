#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> prm_vec(const MPMParams& p) {
  return {p.dx, p.inv_dx, p.dt, p.p_vol, p.p_mass, p.mu, p.lam};
}
static MPMParams prm_of(const std::vector<double>& v) {
  return MPMParams{v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
}

int main() {
  Checker check("rw25c_mpm_p2g_apic");
  Rng rng(25301);
  const int n = 24, nn = NG * NG;
  std::vector<double> x(2 * n), v = rng.vec(2 * n, -1.0, 1.0), C = rng.vec(4 * n, -2.0, 2.0), F(4 * n);
  // positions with the stencil's base cell away from the integer cast's switch
  for (int k = 0; k < 2 * n; ++k) {
    const int cell = 2 + (int)rng.uniform(0.0, 4.0);
    x[k] = (cell + 0.5 + rng.uniform(0.1, 0.9)) / NG;
  }
  for (int p = 0; p < n; ++p) {
    F[4 * p + 0] = 1.0 + rng.uniform(-0.2, 0.2);
    F[4 * p + 1] = rng.uniform(-0.3, 0.3);
    F[4 * p + 2] = rng.uniform(-0.3, 0.3);
    F[4 * p + 3] = 1.0 + rng.uniform(-0.2, 0.2);
  }
  std::vector<double> prm = prm_vec(MPMParams{1.0 / NG, (double)NG, 1e-3, 0.25 / (NG * NG), 0.3, 2.0, 3.0});
  std::vector<double> gmv = rng.vec(2 * nn, -0.5, 0.5), gm = rng.vec(nn, 0.0, 0.5);
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& v_, const std::vector<double>& C_,
                 const std::vector<double>& F_, const std::vector<double>& prm_, const std::vector<double>& gmv_,
                 const std::vector<double>& gm_) {
    DeviceArray<double> dx(x_), dv(v_), dC(C_), dF(F_), dmv(gmv_), dm(gm_);
    CUAD_LAUNCH(p2g_apic, 1, 32, n, (Vec2*)dx.ptr, (Vec2*)dv.ptr, (Mat2*)dC.ptr, (Mat2*)dF.ptr, prm_of(prm_),
                (Vec2*)dmv.ptr, dm.ptr);
    std::vector<double> out = dmv.get(), m = dm.get();
    out.insert(out.end(), m.begin(), m.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * nn);
  const std::vector<double> wmv(w.begin(), w.begin() + 2 * nn), wm(w.begin() + 2 * nn, w.end());
  auto loss = [&] { return dot(w, run(x, v, C, F, prm, gmv, gm)); };
  DeviceArray<double> dx(x), dv(v), dC(C), dF(F), dmv(gmv), dm(gm);
  DeviceArray<double> ax(zeros<double>(2 * n)), av(zeros<double>(2 * n)), aC(zeros<double>(4 * n)),
      aF(zeros<double>(4 * n)), amv(wmv), am(wm);
  DeviceArray<MPMParams> aprm(std::vector<MPMParams>{prm_of(zeros<double>(7))});
  CUAD_GRAD(CUAD_LAUNCH(p2g_apic_grad_1_2_3_4_5_6_7, 1, 32, n, (Vec2*)dx.ptr, (Vec2*)dv.ptr, (Mat2*)dC.ptr,
                        (Mat2*)dF.ptr, prm_of(prm), (Vec2*)dmv.ptr, dm.ptr, (Vec2*)ax.ptr, (Vec2*)av.ptr,
                        (Mat2*)aC.ptr, (Mat2*)aF.ptr, aprm.ptr, (Vec2*)amv.ptr, am.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("v", av.get(), fd(v, loss));
  check.array("C", aC.get(), fd(C, loss));
  check.array("F", aF.get(), fd(F, loss));
  check.array("prm", prm_vec(aprm.get()[0]), fd(prm, loss));
  check.array("grid_mv", amv.get(), fd(gmv, loss));
  check.array("grid_m", am.get(), fd(gm, loss));
#else
  const std::vector<double> vx = rng.vec(2 * n, -0.02, 0.02), vv = rng.vec(2 * n), vC = rng.vec(4 * n),
                            vF = rng.vec(4 * n), vmv = rng.vec(2 * nn), vm = rng.vec(nn);
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(v, t, vv), along(C, t, vC), along(F, t, vF), prm, along(gmv, t, vmv),
               along(gm, t, vm));
  };
  DeviceArray<double> dx(x), dv(v), dC(C), dF(F), dmv(gmv), dm(gm), tx(vx), tv(vv), tC(vC), tF(vF), tmv(vmv),
      tm(vm);
  CUAD_GRAD(CUAD_LAUNCH(p2g_apic_pushforward_1_2_3_4_6_7, 1, 32, n, (Vec2*)dx.ptr, (Vec2*)dv.ptr, (Mat2*)dC.ptr,
                        (Mat2*)dF.ptr, prm_of(prm), (Vec2*)dmv.ptr, dm.ptr, (Vec2*)tx.ptr, (Vec2*)tv.ptr,
                        (Mat2*)tC.ptr, (Mat2*)tF.ptr, (Vec2*)tmv.ptr, tm.ptr));
  std::vector<double> tan = tmv.get(), t2 = tm.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  check.array("grid tangent", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = dmv.get(), v2 = dm.get();
  val.insert(val.end(), v2.begin(), v2.end());
  const std::vector<double> ref = run(x, v, C, F, prm, gmv, gm);
  check.array("grid value", val, ref);
#endif
#endif
  return check.finish();
}
