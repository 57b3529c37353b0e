#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("symbol_helper_reads");
  const int n = 150;
  Rng rng(2311);
  std::vector<float> coef = {0.2f, -0.5f, 0.3f, 0.15f}, x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(rng.uniform(-1.2, 1.2));
    y[i] = static_cast<float>(rng.uniform(-1, 1));
  }
  float gain = 0.7f;
#if CUAD_OUTPUT == 1
  std::vector<float> w(n);
  for (float& v : w) v = static_cast<float>(rng.uniform(-1, 1));
  auto loss = [&] {
    std::vector<float> o = y;
    run_field(coef.data(), gain, x.data(), o.data(), n);
    double l = 0.0;
    for (int i = 0; i < n; ++i) l += double(w[i]) * o[i];
    return l;
  };
  std::vector<float> o = y, a_coef(NCOEF, 0.0f), a_x(n, 0.0f), a_y = w;
  float a_gain = 0.0f;
  CUAD_GRAD(run_field_grad_0_1_2_3(coef.data(), gain, x.data(), o.data(), n, a_coef.data(),
                                   &a_gain, a_x.data(), a_y.data()));
  check.array("coef", a_coef, fd(coef, loss));
  check.scalar("gain", a_gain, fd(gain, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> v_coef = {0.4f, 0.3f, -0.6f, 0.5f}, v_x(n), v_y(n);
  for (int i = 0; i < n; ++i) {
    v_x[i] = static_cast<float>(rng.uniform(-1, 1));
    v_y[i] = static_cast<float>(rng.uniform(-1, 1));
  }
  const float v_gain = -0.8f;
  auto outputs_at = [&](double t) {
    std::vector<float> o = along(y, t, v_y);
    run_field(along(coef, t, v_coef).data(), along(gain, t, v_gain), along(x, t, v_x).data(),
              o.data(), n);
    return std::vector<double>(o.begin(), o.end());
  };
  std::vector<float> o = y, d_o = v_y;
  CUAD_GRAD(run_field_pushforward(coef.data(), gain, x.data(), o.data(), n, v_coef.data(),
                                  v_gain, v_x.data(), d_o.data()));
  check.array("y", d_o, directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
