#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<PKParams> to_params(const std::vector<double>& f, int n) {
  std::vector<PKParams> p(n);
  for (int i = 0; i < n; ++i)
    p[i] = PKParams{f[7 * i], f[7 * i + 1], f[7 * i + 2], f[7 * i + 3], f[7 * i + 4], f[7 * i + 5], f[7 * i + 6]};
  return p;
}
static std::vector<double> flat(const std::vector<PKParams>& p) {
  std::vector<double> f;
  for (const auto& q : p) f.insert(f.end(), {q.ka, q.cl, q.v1, q.q, q.v2, q.wt, q.eta});
  return f;
}

int main() {
  Checker check("rw17m_pk_ensemble");
  const int nsub = 20, nsteps = 48, dose_every = 16, sample_every = 6, nobs = nsteps / sample_every;
  double h = 0.25, dose = 100.0;
  Rng rng(1704);
  std::vector<double> pf(7 * nsub);
  for (int i = 0; i < nsub; ++i) {
    pf[7 * i] = rng.uniform(0.8, 1.6);
    pf[7 * i + 1] = rng.uniform(3.0, 6.0);
    pf[7 * i + 2] = rng.uniform(20.0, 40.0);
    pf[7 * i + 3] = rng.uniform(2.0, 5.0);
    pf[7 * i + 4] = rng.uniform(40.0, 80.0);
    pf[7 * i + 5] = rng.uniform(50.0, 90.0);
    pf[7 * i + 6] = rng.uniform(-0.3, 0.3);
  }
  std::vector<double> w = rng.vec(nsub * nobs), c0(nsub * nobs, 0.0);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<PKParams> dp(to_params(pf, nsub));
    DeviceArray<double> dc(c0);
    CUAD_LAUNCH(pk_ensemble, 1, 32, dp.ptr, dose, dc.ptr, h, nsteps, dose_every, sample_every, nsub);
    return dot(w, dc.get());
  };
  DeviceArray<PKParams> dp(to_params(pf, nsub)), ap(to_params(zeros<double>(7 * nsub), nsub));
  DeviceArray<double> dc(c0), ac(w);
  DeviceScalar<double> ad(0.0);
  // The gradient's tape spills to device malloc; compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  CUAD_GRAD(CUAD_LAUNCH(pk_ensemble_grad_0_1_2, 1, 32, dp.ptr, dose, dc.ptr, h, nsteps, dose_every, sample_every, nsub, ap.ptr, ad.ptr, ac.ptr));
  check.array("params", flat(ap.get()), fd(pf, loss));
  check.scalar("dose", ad.value(), fd(dose, loss));
#else
  std::vector<double> vp = rng.vec(7 * nsub, -0.5, 0.5);
  const double vd = 3.0;
  auto outputs_at = [&](double t) {
    DeviceArray<PKParams> dp(to_params(along(pf, t, vp), nsub));
    DeviceArray<double> dc(c0);
    CUAD_LAUNCH(pk_ensemble, 1, 32, dp.ptr, along(dose, t, vd), dc.ptr, h, nsteps, dose_every, sample_every, nsub);
    return dc.get();
  };
  DeviceArray<PKParams> dp(to_params(pf, nsub)), tp(to_params(vp, nsub));
  DeviceArray<double> dc(c0), tc(c0);
  CUAD_GRAD(CUAD_LAUNCH(pk_ensemble_pushforward_0_1_2, 1, 32, dp.ptr, dose, dc.ptr, h, nsteps, dose_every, sample_every, nsub, tp.ptr, vd, tc.ptr));
  check.array("conc", tc.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
