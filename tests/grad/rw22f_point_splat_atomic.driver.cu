#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 40 points in front of a 12x10 camera, some projecting near or beyond the image border (parts
// of their footprints are skipped). Each projected center is kept 0.06 px away from a rounding
// boundary (x.5), so the footprint never moves under the finite differences.
int main() {
  Checker check("rw22f_point_splat_atomic");
  Rng rng(22610);
  const int N = 40;
  const Intrinsics K{10.0f, 6.0f, 5.0f, 12, 10};
  const int n = 3 * K.W * K.H;
  std::vector<float> pos(3 * N), col = rng.vec<float>(3 * N, 0.0, 1.0), rad(N);
  for (int i = 0; i < N; ++i) {
    for (int tries = 0;; ++tries) {
      const double z = rng.uniform(2.5, 5.0);
      const double u = rng.uniform(-1.5, K.W + 0.5), v = rng.uniform(-1.5, K.H + 0.5);
      const float x = (float)((u - K.cx) * z / K.f), y = (float)((v - K.cy) * z / K.f), zf = (float)z;
      const double uu = K.f * x / zf + K.cx, vv = K.f * y / zf + K.cy;
      const double fu = uu - std::floor(uu), fv = vv - std::floor(vv);
      if ((std::fabs(fu - 0.5) > 0.06 && std::fabs(fv - 0.5) > 0.06) || tries > 1000) {
        pos[3 * i] = x, pos[3 * i + 1] = y, pos[3 * i + 2] = zf;
        rad[i] = (float)(rng.uniform(0.6, 1.1) * z / K.f);  // 0.6 .. 1.1 px
        break;
      }
    }
  }
  auto render = [&](const std::vector<float>& p, const std::vector<float>& c, const std::vector<float>& r) {
    std::vector<float> img(n, -1.0f);
    splat_points(p.data(), c.data(), r.data(), N, K, img.data());
    return img;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, render(pos, col, rad)); };
  std::vector<float> gp(3 * N, 0.0f), gc(3 * N, 0.0f), gr(N, 0.0f), gi = w, img(n, -1.0f);
  CUAD_GRAD(splat_points_grad_0_1_2_5(pos.data(), col.data(), rad.data(), N, K, img.data(), gp.data(), gc.data(),
                                      gr.data(), gi.data()));
  check.array("h_pos", gp, fd(pos, loss));
  check.array("h_col", gc, fd(col, loss));
  check.array("h_radius", gr, fd(rad, loss));
  check.array("h_image", gi, zeros<double>(n));
#else
  const std::vector<float> vp = rng.vec<float>(3 * N, -0.3, 0.3), vc = rng.vec<float>(3 * N);
  auto outputs_at = [&](double t) { return as_doubles(render(along(pos, t, vp), along(col, t, vc), rad)); };
  std::vector<float> img(n, -1.0f), ti(n, 4.0f);
  CUAD_GRAD(splat_points_pushforward_0_1_5(pos.data(), col.data(), rad.data(), N, K, img.data(), vp.data(),
                                           vc.data(), ti.data()));
  check.array("h_image tangent", as_doubles(ti), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("h_image value", img, as_doubles(render(pos, col, rad)));
#endif
#endif
  return check.finish();
}
