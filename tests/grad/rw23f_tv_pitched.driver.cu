#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_tv_pitched");
  Rng rng(23606);
  const int W = 11, H = 7, iters = 5;
  std::vector<double> noisy = rng.vec<double>(W * H, 0.0, 1.0);
  double lambda = 0.8, tau = 0.05;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(W * H);
  auto loss = [&] {
    std::vector<double> r(W * H);
    tv_denoise(noisy.data(), r.data(), W, H, lambda, tau, iters);
    return dot(w, r);
  };
  std::vector<double> r(W * H, 0.0), g_noisy(W * H, 0.0), g_r = w;
  double g_lambda = 0.0, g_tau = 0.0;
  CUAD_GRAD(tv_denoise_grad_0_1_4_5(noisy.data(), r.data(), W, H, lambda, tau, iters, g_noisy.data(),
                                    g_r.data(), &g_lambda, &g_tau));
  check.array("noisy", g_noisy, fd(noisy, loss));
  check.scalar("lambda", g_lambda, fd(lambda, loss));
  check.scalar("tau", g_tau, fd(tau, loss));
  check.array("result", g_r, zeros<double>(W * H));
#else
  const std::vector<double> vn = rng.vec<double>(W * H);
  const double vl = 0.3, vt = -0.02;
  auto outputs_at = [&](double t) {
    const std::vector<double> nz = along(noisy, t, vn);
    std::vector<double> r(W * H);
    tv_denoise(nz.data(), r.data(), W, H, along(lambda, t, vl), along(tau, t, vt), iters);
    return r;
  };
  std::vector<double> r(W * H, 0.0), t_r(W * H, 0.0);
  CUAD_GRAD(tv_denoise_pushforward(noisy.data(), r.data(), W, H, lambda, tau, iters, vn.data(), t_r.data(), vl, vt));
  check.array("result tangent", t_r, directional_fd<double>(outputs_at), default_tol<double>());
#endif
  return check.finish();
}
