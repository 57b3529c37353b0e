#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float> as_vec(const SabrParams& p) {
  return {p.f0, p.alpha0, p.beta, p.nu, p.rho, p.T, p.df};
}

int main() {
  Checker check("rw26b_sabr_scheme");
  Rng rng(26202);
  const int n = 48, blocks = (n + BLOCK - 1) / BLOCK;
  std::vector<float> z(2 * NSTEP * n);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.05, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = (float)(sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2));
  }
  SabrParams prm{1.0f, 0.3f, 0.7f, 0.5f, -0.3f, 1.0f, 0.97f};
  const SoftCall pay{1.05f, 0.05f};
  const float pv0 = 0.125f, w = 3.0f;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
#define KERN sabr_mc<MilsteinScheme, SoftCall>
#else
#define KERN sabr_mc<EulerScheme, SoftCall>
#endif
  auto run = [&](const SabrParams& q, const std::vector<float>& zz, float pv_in) {
    DeviceArray<float> dz(zz);
    DeviceScalar<float> dp(pv_in);
    CUAD_LAUNCH((KERN), blocks, BLOCK, q, dz.ptr, n, pay, dp.ptr);
    return dp.value();
  };
  float* fields[] = {&prm.f0, &prm.alpha0, &prm.beta, &prm.nu, &prm.rho, &prm.T, &prm.df};
  const char* names[] = {"f0", "alpha0", "beta", "nu", "rho", "T", "df"};
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  auto loss = [&] { return (double)w * run(prm, z, pv0); };
  DeviceArray<float> dz(z), gz(zeros<float>(z.size()));
  DeviceScalar<float> dp(pv0), gpv(w);
  DeviceScalar<SabrParams> gp(SabrParams{0, 0, 0, 0, 0, 0, 0});
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((sabr_mc_grad_0_4<MilsteinScheme, SoftCall>), blocks, BLOCK, prm, dz.ptr,
                        n, pay, dp.ptr, gp.ptr, gpv.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH((sabr_mc_grad_0_1_4<EulerScheme, SoftCall>), blocks, BLOCK, prm, dz.ptr,
                        n, pay, dp.ptr, gp.ptr, gz.ptr, gpv.ptr));
#endif
  const std::vector<float> g = as_vec(gp.value());
  for (int i = 0; i < 7; ++i) check.scalar(names[i], g[i], fd(*fields[i], loss));
#if CUAD_OUTPUT == 2
  check.array("Z", gz.get(), fd(z, loss));
#endif
  check.scalar("pv", gpv.value(), (double)w);
#else
  const SabrParams vp{0.2f, 0.05f, -0.1f, 0.1f, 0.2f, 0.3f, -0.05f};
  const float vpv = 0.5f;
  auto outputs_at = [&](double t) {
    SabrParams q = prm;
    const float* vf = &vp.f0;
    float* qf = &q.f0;
    for (int i = 0; i < 7; ++i) qf[i] = along(*fields[i], t, vf[i]);
    return std::vector<double>{(double)run(q, z, along(pv0, t, vpv))};
  };
  DeviceArray<float> dz(z);
  DeviceScalar<float> dp(pv0), tpv(vpv);
  CUAD_GRAD(CUAD_LAUNCH((sabr_mc_pushforward_0_4<MilsteinScheme, SoftCall>), blocks, BLOCK, prm,
                        dz.ptr, n, pay, dp.ptr, vp, tpv.ptr));
  check.array("pv tangent", std::vector<double>{(double)tpv.value()},
              directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
