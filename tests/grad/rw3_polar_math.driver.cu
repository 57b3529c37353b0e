#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_polar_math");
  const int n = 50;
  Rng rng(3102);
  std::vector<float> flat = rng.vec<float>(2 * n, -1.5, 1.5), coef = rng.vec<float>(3, 0.5, 1.5);
  // keep y away from 0 (copysign's sign flip, atan2's branch cut on the negative x axis) and
  // x away from 0 (the angle's curvature there makes float differences noisy)
  for (int i = 0; i < n; ++i) {
    if (std::fabs(flat[2 * i]) < 0.3f) flat[2 * i] += flat[2 * i] < 0 ? -0.3f : 0.3f;
    if (std::fabs(flat[2 * i + 1]) < 0.5f) flat[2 * i + 1] += flat[2 * i + 1] < 0 ? -0.5f : 0.5f;
  }
  auto to2 = [&](const std::vector<float>& f) {
    std::vector<float2> v(n);
    for (int i = 0; i < n; ++i) v[i] = make_float2(f[2 * i], f[2 * i + 1]);
    return v;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(n);
  DeviceArray<float> d_out(n, 0.f);
  auto loss = [&] {
    DeviceArray<float2> d_xy(to2(flat));
    DeviceArray<float> d_c(coef);
    CUAD_LAUNCH(polar_features, 2, 16, d_xy.ptr, d_c.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float2> d_xy(to2(flat)), a_xy(std::vector<float2>(n, make_float2(0.f, 0.f)));
  DeviceArray<float> d_c(coef), a_c(zeros<float>(3)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(polar_features_grad_0_1_2, 2, 16, d_xy.ptr, d_c.ptr, d_out.ptr, n, a_xy.ptr,
                        a_c.ptr, a_out.ptr));
  std::vector<float2> g2 = a_xy.get();
  std::vector<float> gxy(2 * n);
  for (int i = 0; i < n; ++i) gxy[2 * i] = g2[i].x, gxy[2 * i + 1] = g2[i].y;
  check.array("xy", gxy, fd(flat, loss));
  check.array("coef", a_c.get(), fd(coef, loss));
  check.array("out", a_out.get(), std::vector<double>(n, 0.0));
#else
  std::vector<float> vflat = rng.vec<float>(2 * n), vcoef = rng.vec<float>(3);
  auto outputs_at = [&](double t) {
    DeviceArray<float2> d_xy(to2(along(flat, t, vflat)));
    DeviceArray<float> d_c(along(coef, t, vcoef)), d_out(n, 0.f);
    CUAD_LAUNCH(polar_features, 2, 16, d_xy.ptr, d_c.ptr, d_out.ptr, n);
    return as_doubles(d_out.get());
  };
  DeviceArray<float2> d_xy(to2(flat)), t_xy(to2(vflat));
  DeviceArray<float> d_c(coef), t_c(vcoef), d_out(n, 0.f), t_out(n, 0.f);
  CUAD_GRAD(CUAD_LAUNCH(polar_features_pushforward, 2, 16, d_xy.ptr, d_c.ptr, d_out.ptr, n,
                        t_xy.ptr, t_c.ptr, t_out.ptr));
  check.array("out", t_out.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
