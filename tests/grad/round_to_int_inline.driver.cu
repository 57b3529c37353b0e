#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("round_to_int_inline");
  Rng rng(31);
  const int n = 9;
  // Inputs away from the rounding steps (kinks) by far more than the finite-difference step.
  auto away = [&](double lo, double hi, double scale) {
    for (;;) {
      double v = rng.uniform(lo, hi);
      double f = v * scale - std::floor(v * scale);
      double g = (v * scale) * (v * scale) - std::floor((v * scale) * (v * scale));
      if (std::fabs(f - 0.5) > 0.05 && f > 0.05 && f < 0.95 && g > 0.05 && g < 0.95) return v;
    }
  };
  std::vector<float> x(n);
  std::vector<double> y(n);
  for (float& v : x) v = float(away(0.1, 1.5, 3.0));
  for (double& v : y) v = away(0.1, 1.5, 2.5);
  const float L = 0.7f;
  const double H = 0.9;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  const std::vector<double> wd = rng.vec(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_o(zeros<float>(n));
    DeviceArray<double> d_y(y), d_do(zeros<double>(n));
    CUAD_LAUNCH(wrap, 1, 16, d_x.ptr, d_y.ptr, L, H, d_o.ptr, d_do.ptr, n);
    return dot(w, d_o.get()) + dot(wd, d_do.get());
  };
  DeviceArray<float> d_x(x), d_o(zeros<float>(n)), g_x(zeros<float>(n)), g_o(w);
  DeviceArray<double> d_y(y), d_do(zeros<double>(n)), g_y(zeros<double>(n)), g_do(wd);
  CUAD_GRAD(CUAD_LAUNCH(wrap_grad_0_1_4_5, 1, 16, d_x.ptr, d_y.ptr, L, H, d_o.ptr, d_do.ptr, n, g_x.ptr, g_y.ptr, g_o.ptr, g_do.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), fd(y, loss));
#else
  const std::vector<float> vx = rng.vec<float>(n);
  const std::vector<double> vy = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx)), d_o(zeros<float>(n));
    DeviceArray<double> d_y(along(y, t, vy)), d_do(zeros<double>(n));
    CUAD_LAUNCH(wrap, 1, 16, d_x.ptr, d_y.ptr, L, H, d_o.ptr, d_do.ptr, n);
    std::vector<double> out;
    for (float v : d_o.get()) out.push_back(v);
    for (double v : d_do.get()) out.push_back(v);
    return out;
  };
  DeviceArray<float> d_x(x), d_o(zeros<float>(n)), t_x(vx), t_o(zeros<float>(n));
  DeviceArray<double> d_y(y), d_do(zeros<double>(n)), t_y(vy), t_do(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(wrap_pushforward_0_1_4_5, 1, 16, d_x.ptr, d_y.ptr, L, H, d_o.ptr, d_do.ptr, n, t_x.ptr, t_y.ptr, t_o.ptr, t_do.ptr));
  std::vector<double> got;
  for (float v : t_o.get()) got.push_back(v);
  for (double v : t_do.get()) got.push_back(v);
  check.array("out", got, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
