#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_agc_host_gain");
  Rng rng(26421);
  const int n = 150;
  const float ceiling = 0.9f;
  std::vector<float> x = rng.vec<float>(n, -0.3, 0.3);
  float target = 0.25f;
  auto run = [&](const std::vector<float>& xx, float tr) {
    std::vector<float> y(n, 0.0f);
    loudness_normalize(xx.data(), y.data(), n, tr, ceiling);
    return y;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x, target)); };
  std::vector<float> y(n, 0.0f), g_x(n, 0.0f), g_y = w;
  float g_t = 0.0f;
  CUAD_GRAD(loudness_normalize_grad_0_1_3(x.data(), y.data(), n, target, ceiling, g_x.data(), g_y.data(), &g_t));
  check.array("x", g_x, fd(x, loss));
  check.scalar("target_rms", g_t, fd(target, loss));
  check.array("y", g_y, zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(n), vy = rng.vec<float>(n);
  const float vt = 0.4f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(target, t, vt))); };
  std::vector<float> y(n, 0.0f), t_y = vy;
  CUAD_GRAD(loudness_normalize_pushforward_0_1_3(x.data(), y.data(), n, target, ceiling, vx.data(), t_y.data(), vt));
  check.array("y tangent", as_doubles(t_y), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("y value", y, as_doubles(run(x, target)));
#endif
#endif
  return check.finish();
}
