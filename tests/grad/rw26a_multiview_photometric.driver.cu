#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw26a_multiview_photometric");
  Rng rng(26015);
  const int n = 20, V = 3, W = 12, H = 10, m = 3 * W * H;
  std::vector<float> pts(3 * n), colors = rng.vec<float>(3 * n, 0.0, 1.0), targets = rng.vec<float>(V * m, 0.0, 1.0);
  for (int i = 0; i < n; ++i) {
    pts[3 * i] = (float)rng.uniform(-0.8, 0.8);
    pts[3 * i + 1] = (float)rng.uniform(-0.6, 0.6);
    pts[3 * i + 2] = (float)rng.uniform(-0.5, 0.5);
  }
  std::vector<PinholeView> views(V);
  for (int v = 0; v < V; ++v) {
    const float a = -0.3f + 0.3f * v, c = std::cos(a), s = std::sin(a);
    const float R[9] = {c, 0.f, s, 0.f, 1.f, 0.f, -s, 0.f, c};
    for (int k = 0; k < 9; ++k) views[v].R[k] = R[k];
    views[v].t[0] = 0.05f * v;
    views[v].t[1] = -0.02f;
    views[v].t[2] = 3.0f;
    views[v].f = 12.0f;
    views[v].cx = 6.0f;
    views[v].cy = 5.0f;
  }
#if CUAD_OUTPUT == 1
  auto loss = [&] { return photometric_loss(pts.data(), colors.data(), n, views.data(), V, targets.data(), W, H); };
  std::vector<float> gp(3 * n, 0.0f), gc(3 * n, 0.0f);
  CUAD_GRAD(photometric_loss_grad_0_1(pts.data(), colors.data(), n, views.data(), V, targets.data(), W, H, gp.data(),
                                      gc.data()));
  // the loss is a mean over V * 360 squared errors: gradients are O(1e-3), so the absolute
  // tolerance is scaled down with them (float finite differences of it agree to ~1e-6)
  const Tol tol{1e-4, 1e-2};
  check.array("pts_h", gp, fd(pts, loss), tol);
  check.array("colors_h", gc, fd(colors, loss), tol);
#else
  const std::vector<float> vp = rng.vec<float>(3 * n), vc = rng.vec<float>(3 * n);
  auto outputs_at = [&](double t) {
    std::vector<float> p = along(pts, t, vp), c = along(colors, t, vc);
    return std::vector<double>{photometric_loss(p.data(), c.data(), n, views.data(), V, targets.data(), W, H)};
  };
#if !defined(CUAD_SELFTEST)
  auto r = photometric_loss_pushforward_0_1(pts.data(), colors.data(), n, views.data(), V, targets.data(), W, H,
                                            vp.data(), vc.data());
  const double tangent = r.pushforward, value = r.value;
#else
  const double tangent = 0.0, value = 0.0;
#endif
  check.array("loss tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at), Tol{1e-5, 1e-3});
#if !defined(CUAD_SELFTEST)
  check.scalar("loss value", value,
               photometric_loss(pts.data(), colors.data(), n, views.data(), V, targets.data(), W, H), Tol{1e-9, 1e-9});
#endif
#endif
  return check.finish();
}
