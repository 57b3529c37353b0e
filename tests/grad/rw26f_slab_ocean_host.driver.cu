#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_slab_ocean_host");
  Rng rng(26610);
  const int ncol = 20, nsteps = 6;
  std::vector<double> T0(ncol * NLEV), forcing(2 * nsteps);
  for (int c = 0; c < ncol; ++c)
    for (int k = 0; k < NLEV; ++k) T0[c * NLEV + k] = 18.0 - 0.3 * k + rng.uniform(-0.5, 0.5);
  for (int s = 0; s < nsteps; ++s) {
    forcing[2 * s] = rng.uniform(-200.0, 400.0);
    forcing[2 * s + 1] = rng.uniform(0.05, 0.3);
  }
  double kappa = 1e-3;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ncol * NLEV);
  auto loss = [&] {
    std::vector<double> Tf(ncol * NLEV);
    const double sst = run_mixed_layer(T0.data(), forcing.data(), nsteps, kappa, ncol, Tf.data());
    return sst + dot(w, Tf);
  };
  std::vector<double> gT(ncol * NLEV, 0.0), gf(2 * nsteps, 0.0), Tf(ncol * NLEV, 0.0), gTf = w;
  double gk = 0.0;
  CUAD_GRAD(run_mixed_layer_grad_0_1_3_5(T0.data(), forcing.data(), nsteps, kappa, ncol, Tf.data(), gT.data(),
                                         gf.data(), &gk, gTf.data()));
  check.array("T0", gT, fd(T0, loss));
  check.array("forcing", gf, fd(forcing, loss));
  check.scalar("kappa", gk, fd(kappa, loss));
#else
  const std::vector<double> vT = rng.vec(ncol * NLEV), vf = rng.vec(2 * nsteps, -10.0, 10.0);
  const double vk = 2e-4;
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(T0, t, vT), f = along(forcing, t, vf), Tf(ncol * NLEV);
    const double sst = run_mixed_layer(a.data(), f.data(), nsteps, along(kappa, t, vk), ncol, Tf.data());
    Tf.push_back(sst);
    return Tf;
  };
  std::vector<double> Tf(ncol * NLEV, 0.0), tTf(ncol * NLEV, 0.0);
  std::vector<double> vTc = vT, vfc = vf;
  double res = 0.0, tres = 0.0;
  CUAD_GRAD({
    auto r = run_mixed_layer_pushforward(T0.data(), forcing.data(), nsteps, kappa, ncol, Tf.data(),
                                                 vTc.data(), vfc.data(), vk, tTf.data());
    res = r.value;
    tres = r.pushforward;
  });
  tTf.push_back(tres);
  check.array("tangent", tTf, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> Tref(ncol * NLEV);
  const double sref = run_mixed_layer(T0.data(), forcing.data(), nsteps, kappa, ncol, Tref.data());
  check.scalar("value", res, sref);
#endif
#endif
  return check.finish();
}
