#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_rof_denoise");
  Rng rng(200206);
  const int w = 16, h = 12, n = w * h, iters = 3;
  // A soft edge plus noise.
  std::vector<float> f(n), u(n);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double clean = 0.5 + 0.4 * std::tanh(0.6 * (x - 7.5 + 0.3 * y));
      f[y * w + x] = static_cast<float>(clean + rng.uniform(-0.15, 0.15));
      u[y * w + x] = static_cast<float>(clean + rng.uniform(-0.05, 0.05));
    }
  float lambda = 0.3f, tau = 0.2f;
#if CUAD_OUTPUT == 1
  const std::vector<float> wu = rng.vec<float>(n), wx = rng.vec<float>(n),
                           wy = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> du(u), df(f), dpx(n, 0.0f), dpy(n, 0.0f), ddv(n, 0.0f);
    rof_denoise(du.ptr, df.ptr, dpx.ptr, dpy.ptr, ddv.ptr, lambda, tau, w, h, iters);
    return dot(wu, du.get()) + dot(wx, dpx.get()) + dot(wy, dpy.get());
  };
  DeviceArray<float> du(u), df(f), dpx(n, 0.0f), dpy(n, 0.0f), ddv(n, 0.0f);
  DeviceArray<float> au(wu), af(zeros<float>(n)), apx(wx), apy(wy), adv(zeros<float>(n));
  float alambda = 0.0f, atau = 0.0f;
  CUAD_GRAD(rof_denoise_grad_0_1_2_3_4_5_6(du.ptr, df.ptr, dpx.ptr, dpy.ptr, ddv.ptr, lambda, tau,
                                           w, h, iters, au.ptr, af.ptr, apx.ptr, apy.ptr,
                                           adv.ptr, &alambda, &atau));
  check.array("u", au.get(), fd(u, loss));
  check.array("f", af.get(), fd(f, loss));
  const std::vector<double> z(n, 0.0);
  check.array("px", apx.get(), z);
  check.array("py", apy.get(), z);
  check.array("dv", adv.get(), z);
  check.scalar("lambda", alambda, fd(lambda, loss));
  check.scalar("tau", atau, fd(tau, loss));
#else
  const std::vector<float> vu = rng.vec<float>(n), vf = rng.vec<float>(n);
  const std::vector<float> vz(n, 0.0f);
  const float vlambda = 0.7f, vtau = -0.4f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> du(along(u, t, vu)), df(along(f, t, vf)), dpx(n, 0.0f), dpy(n, 0.0f),
        ddv(n, 0.0f);
    rof_denoise(du.ptr, df.ptr, dpx.ptr, dpy.ptr, ddv.ptr, along(lambda, t, vlambda),
                along(tau, t, vtau), w, h, iters);
    std::vector<double> out = as_doubles(du.get());
    for (float p : dpx.get()) out.push_back(p);
    for (float p : ddv.get()) out.push_back(p);
    return out;
  };
  DeviceArray<float> du(u), df(f), dpx(n, 0.0f), dpy(n, 0.0f), ddv(n, 0.0f);
  DeviceArray<float> tu(vu), tf(vf), tpx(vz), tpy(vz), tdv(vz);
  CUAD_GRAD(rof_denoise_pushforward(du.ptr, df.ptr, dpx.ptr, dpy.ptr, ddv.ptr, lambda, tau, w, h,
                                    iters, tu.ptr, tf.ptr, tpx.ptr, tpy.ptr, tdv.ptr, vlambda,
                                    vtau));
  std::vector<double> got = as_doubles(tu.get());
  for (float p : tpx.get()) got.push_back(p);
  for (float p : tdv.get()) got.push_back(p);
  check.array("u, px, dv", got, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
