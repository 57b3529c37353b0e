#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_polar_fastmath");
  const int n = 90;  // 2 x 32 threads stride over 90 entries
  const float rmax = 2.f;
  Rng rng(7001);
  // radii on both sides of the clamps (0.05 and rmax), never near them; a few padding radii
  std::vector<float> r(n), theta = rng.vec<float>(n, -3.0, 3.0), gx = rng.vec<float>(n),
                     gy = rng.vec<float>(n), w = rng.vec<float>(n * 2);
  std::vector<int> mask(n);
  for (int i = 0; i < n; ++i) {
    r[i] = i % 11 == 0 ? -0.5f : (i % 7 == 0 ? 0.02f : (i % 5 == 0 ? 2.6f : 0.2f + 0.017f * i));
    if (r[i] > 1.9f && r[i] < 2.1f) r[i] = 1.5f;
    mask[i] = i % 9 == 0 ? 0 : (i % 4 == 0 ? 2 : 1);
    // keep cos(theta) away from 0 (copysignf) and mag*sin away from the -0.25 floor
    if (std::fabs(std::cos(theta[i])) < 0.05f) theta[i] += 0.2f;
  }
  auto run = [&](const std::vector<float>& rv, const std::vector<float>& tv,
                 const std::vector<float>& xv, const std::vector<float>& yv) {
    DeviceArray<float> d_r(rv), d_t(tv), d_x(xv), d_y(yv);
    DeviceArray<int> d_m(mask);
    CUAD_LAUNCH(polar_features, 2, 32, d_r.ptr, d_t.ptr, d_m.ptr, d_x.ptr, d_y.ptr, (size_t)n,
                rmax);
    std::vector<float> out = d_x.get(), oy = d_y.get();
    out.insert(out.end(), oy.begin(), oy.end());
    return out;
  };
  DeviceArray<float> d_r(r), d_t(theta), d_x(gx), d_y(gy);
  DeviceArray<int> d_m(mask);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(r, theta, gx, gy)); };
  std::vector<float> wx(w.begin(), w.begin() + n), wy(w.begin() + n, w.end());
  DeviceArray<float> a_r(zeros<float>(n)), a_t(zeros<float>(n)), a_x(wx), a_y(wy);
  CUAD_GRAD(CUAD_LAUNCH(polar_features_grad_0_1_3_4, 2, 32, d_r.ptr, d_t.ptr, d_m.ptr, d_x.ptr,
                        d_y.ptr, (size_t)n, rmax, a_r.ptr, a_t.ptr, a_x.ptr, a_y.ptr));
  check.array("r", a_r.get(), fd(r, loss));
  check.array("theta", a_t.get(), fd(theta, loss));
  check.array("gx", a_x.get(), fd(gx, loss));
  check.array("gy", a_y.get(), fd(gy, loss));
#else
  std::vector<float> vr = rng.vec<float>(n), vt = rng.vec<float>(n), vx = rng.vec<float>(n),
                     vy = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(r, t, vr), along(theta, t, vt), along(gx, t, vx), along(gy, t, vy)));
  };
  DeviceArray<float> t_r(vr), t_t(vt), t_x(vx), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(polar_features_pushforward_0_1_3_4, 2, 32, d_r.ptr, d_t.ptr, d_m.ptr,
                        d_x.ptr, d_y.ptr, (size_t)n, rmax, t_r.ptr, t_t.ptr, t_x.ptr, t_y.ptr));
  std::vector<float> tan = t_x.get(), ty = t_y.get();
  tan.insert(tan.end(), ty.begin(), ty.end());
  check.array("gx,gy", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
