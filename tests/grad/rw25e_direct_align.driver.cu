#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 16, H = 12, n = W * H;

static double pattern(int c, double x, double y) {
  return 0.5 + 0.3 * std::sin(0.5 * x + 0.9 * c) * std::cos(0.4 * y) + 0.1 * std::cos(0.23 * x * y / 4.0 + c);
}
static double bilinear(const std::vector<float>& img, int c, double x, double y) {
  auto tx = [&](int xi, int yi) {
    xi = std::min(std::max(xi, 0), W - 1), yi = std::min(std::max(yi, 0), H - 1);
    return (double)img[c * n + yi * W + xi];
  };
  const int x0 = (int)std::floor(x), y0 = (int)std::floor(y);
  const double ax = x - x0, ay = y - y0;
  return (1 - ay) * ((1 - ax) * tx(x0, y0) + ax * tx(x0 + 1, y0)) + ay * ((1 - ax) * tx(x0, y0 + 1) + ax * tx(x0 + 1, y0 + 1));
}

// Builds a scene whose every decision (validity, in-bounds, bilinear cell, Huber branch) is
// away from its threshold: pixels that would sit near one get a negative inverse depth.
static void make_scene(Rng& rng, int C, const Pinhole& K, const std::vector<float>& pose, float huber_k,
                       std::vector<float>& ref, std::vector<float>& tgt, std::vector<float>& idep, int& n_out,
                       int& n_outlier, int& n_invalid) {
  ref.assign(C * n, 0.0f), tgt.assign(C * n, 0.0f), idep.assign(n, 0.0f);
  for (int c = 0; c < C; ++c)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) tgt[c * n + y * W + x] = (float)pattern(c, x, y);
  n_out = n_outlier = n_invalid = 0;
  auto frac_ok = [](double v) { return std::fabs(v - std::round(v)) > 0.08; };
  for (int i = 0; i < n; ++i) {
    const double u = i % W, v = i / W;
    if (i % 11 == 3) {
      idep[i] = -0.4f;
      ++n_invalid;
      for (int c = 0; c < C; ++c) ref[c * n + i] = (float)rng.uniform(0, 1);
      continue;
    }
    const double id = rng.uniform(0.3, 0.6);
    const double z = 1.0 / id, X = (u - K.cx) / K.fx * z, Y = (v - K.cy) / K.fy * z;
    const double px = pose[0] * X + pose[1] * Y + pose[2] * z + pose[3];
    const double py = pose[4] * X + pose[5] * Y + pose[6] * z + pose[7];
    const double pz = pose[8] * X + pose[9] * Y + pose[10] * z + pose[11];
    const double qx = K.fx * px / pz + K.cx, qy = K.fy * py / pz + K.cy;
    bool ok = frac_ok(qx) && frac_ok(qy);
    const bool inside = qx >= 0 && qy >= 0 && qx <= W - 1 && qy <= H - 1;
    bool outlier = false;
    for (int c = 0; c < C && ok; ++c) {
      const double s = inside ? bilinear(tgt, c, qx, qy) : pattern(c, u, v);
      const double noise = (i % 5 == 0) ? rng.uniform(-0.25, 0.25) : rng.uniform(-0.04, 0.04);
      ref[c * n + i] = (float)(s + noise);
      if (std::fabs(std::fabs(noise) - huber_k) < 0.03) ok = false;
      outlier |= std::fabs(noise) > huber_k;
    }
    if (!ok) {
      idep[i] = -0.4f;
      ++n_invalid;
      continue;
    }
    idep[i] = (float)id;
    n_out += !inside;
    n_outlier += inside && outlier;
  }
}

int main() {
  Checker check("rw25e_direct_align");
  Rng rng(25511);
  Pinhole K{14.0f, 13.5f, 7.6f, 5.4f};
  const float huber_k = 0.1f;
  std::vector<float> pose = {0.998f, -0.04f, 0.03f, 0.25f, 0.041f, 0.997f, -0.05f, -0.12f, -0.028f, 0.051f, 0.999f, 0.05f};
#if CUAD_OUTPUT == 1
  const int C = 3;
#else
  const int C = 1;
#endif
  std::vector<float> ref, tgt, idep;
  int n_out, n_outlier, n_invalid;
  make_scene(rng, C, K, pose, huber_k, ref, tgt, idep, n_out, n_outlier, n_invalid);
  std::printf("outside %d, huber outliers %d, invalid %d\n", n_out, n_outlier, n_invalid);
  check.expect(n_out >= 3 && n_outlier >= 3 && n_invalid >= 5, "all kinds of pixels");
#if CUAD_OUTPUT == 1
  float e0 = 0.7f;
  const double we = 1.3;
  auto run = [&](const std::vector<float>& tg, const std::vector<float>& id, const std::vector<float>& ps,
                 Pinhole Kv, float e_in) {
    DeviceArray<float> d_ref(ref), d_tgt(tg), d_id(id), d_pose(ps), d_e(std::vector<float>{e_in});
    CUAD_LAUNCH(photometric_residual<3>, (n + 63) / 64, 64, d_ref.ptr, d_tgt.ptr, d_id.ptr, d_pose.ptr, Kv, W, H,
                huber_k, d_e.ptr);
    return d_e.get()[0];
  };
  auto loss = [&] { return we * run(tgt, idep, pose, K, e0); };
  DeviceArray<float> d_ref(ref), d_tgt(tgt), d_id(idep), d_pose(pose), d_e(std::vector<float>{e0}),
      g_tgt(zeros<float>(C * n)), g_id(zeros<float>(n)), g_pose(zeros<float>(12)),
      g_e(std::vector<float>{(float)we});
  DeviceArray<Pinhole> g_K(std::vector<Pinhole>{Pinhole{0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(photometric_residual_grad_1_2_3_4_8<3>, (n + 63) / 64, 64, d_ref.ptr, d_tgt.ptr, d_id.ptr,
                        d_pose.ptr, K, W, H, huber_k, d_e.ptr, g_tgt.ptr, g_id.ptr, g_pose.ptr, g_K.ptr, g_e.ptr));
  check.array("tgt", g_tgt.get(), fd(tgt, loss));
  check.array("inv_depth", g_id.get(), fd(idep, loss));
  check.array("pose", g_pose.get(), fd(pose, loss));
  const Pinhole gk = g_K.get()[0];
  check.scalar("K.fx", gk.fx, fd(K.fx, loss));
  check.scalar("K.fy", gk.fy, fd(K.fy, loss));
  check.scalar("K.cx", gk.cx, fd(K.cx, loss));
  check.scalar("K.cy", gk.cy, fd(K.cy, loss));
  check.scalar("energy", g_e.get()[0], fd(e0, loss));
#else
  const std::vector<float> vt = rng.vec<float>(n, -0.3, 0.3), vi = rng.vec<float>(n, -0.05, 0.05),
                           vp = rng.vec<float>(12, -0.02, 0.02);
  auto outputs_at = [&](double t) {
    return std::vector<double>{(double)photometric_energy(ref.data(), along(tgt, t, vt).data(), along(idep, t, vi).data(),
                                                          along(pose, t, vp).data(), K, W, H, huber_k)};
  };
  float tangent = 0.0f, value = 0.0f;
  CUAD_GRAD(auto r = photometric_energy_pushforward_1_2_3(ref.data(), tgt.data(), idep.data(), pose.data(), K, W, H,
                                                          huber_k, vt.data(), vi.data(), vp.data());
            tangent = r.pushforward; value = r.value);
  check.array("energy tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.scalar("energy value", value,
               (double)photometric_energy(ref.data(), tgt.data(), idep.data(), pose.data(), K, W, H, huber_k));
#endif
#endif
  return check.finish();
}
