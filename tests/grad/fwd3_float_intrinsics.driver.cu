#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_float_intrinsics");
  const int n = 40;
  Rng rng(302);
  std::vector<float> x = rng.vec<float>(n), vx = rng.vec<float>(n), w = rng.vec<float>(n),
                     vw = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) {
    // away from the kinks of fminf/fmaxf, copysignf and fmodf
    if (std::fabs(x[i] - w[i]) < 0.05f) x[i] += 0.1f;
    if (std::fabs(x[i] - 0.2f * w[i]) < 0.05f) x[i] += 0.1f;
    if (std::fabs(w[i]) < 0.05f) w[i] = 0.1f;
    float m = std::fmod(5.f + x[i], 0.9f);
    if (m < 0.05f || m > 0.85f) x[i] += 0.1f;
  }
  float beta = 0.8f, vb = 0.5f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dw(along(w, t, vw)), dy(zeros<float>(n));
    CUAD_LAUNCH(act, 2, 32, n, dx.ptr, dw.ptr, along(beta, t, vb), dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dw(w), d_w(vw), dy(zeros<float>(n)), d_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(act_pushforward, 2, 32, n, dx.ptr, dw.ptr, beta, dy.ptr, d_x.ptr, d_w.ptr, vb,
                        d_y.ptr));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at));
  return check.finish();
}
