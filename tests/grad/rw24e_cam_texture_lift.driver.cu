#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static const int W = 10, H = 8, C = 4, N = 40;

static std::vector<float*> fields(CameraRig& c) {
  std::vector<float*> f = {&c.K.fx, &c.K.fy, &c.K.cx, &c.K.cy, &c.K.k1, &c.K.k2};
  for (int k = 0; k < 9; ++k) f.push_back(&c.R[k]);
  for (int k = 0; k < 3; ++k) f.push_back(&c.t[k]);
  return f;
}

// The projection in double, to keep sample positions away from pixel-center boundaries.
static void proj(const CameraRig& c, const float* p, double* u, double* v) {
  double q[3];
  for (int r = 0; r < 3; ++r) q[r] = c.R[3 * r] * (double)p[0] + c.R[3 * r + 1] * (double)p[1] + c.R[3 * r + 2] * (double)p[2] + c.t[r];
  const double xn = q[0] / q[2], yn = q[1] / q[2], r2 = xn * xn + yn * yn, rad = 1 + r2 * (c.K.k1 + r2 * c.K.k2);
  *u = c.K.fx * xn * rad + c.K.cx, *v = c.K.fy * yn * rad + c.K.cy;
}

int main() {
  Checker check("rw24e_cam_texture_lift");
  Rng rng(24508);
  CameraRig cam;
  cam.K = Intrinsics{9.0f, 8.5f, 5.1f, 3.9f, -0.08f, 0.02f};
  const float a = 0.12f, b = -0.07f;
  const float R[9] = {std::cos(a), 0.f, std::sin(a), b * std::sin(a), 1.f, -b, -std::sin(a), b, std::cos(a)};
  for (int k = 0; k < 9; ++k) cam.R[k] = R[k];
  cam.t[0] = 0.05f, cam.t[1] = -0.1f, cam.t[2] = 3.0f;
  cam.width = W, cam.height = H;
  // Points whose projections stay 0.08 px away from the taps' switch lines (u - 0.5 integer)
  // under the whole perturbation; some land outside the image (clamped taps).
  std::vector<float> pts;
  int outside = 0;
  while ((int)pts.size() < 3 * N) {
    float p[3] = {(float)rng.uniform(-1.8, 1.8), (float)rng.uniform(-1.5, 1.5), (float)rng.uniform(-0.8, 0.8)};
    double u, v;
    proj(cam, p, &u, &v);
    auto ok = [](double s) { const double f = s - 0.5 - std::floor(s - 0.5); return f > 0.08 && f < 0.92; };
    if (!ok(u) || !ok(v)) continue;
    outside += u < 0.5 || u > W - 0.5 || v < 0.5 || v > H - 0.5;
    pts.insert(pts.end(), p, p + 3);
  }
  std::printf("samples in the border band or outside: %d\n", outside);
  check.expect(outside > 2, "some clamped taps");
  std::vector<float> feat = rng.vec<float>(W * H * C);
  const float depth_scale = 4.0f;
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& p, const CameraRig& c, const std::vector<float>& fm) {
    DeviceArray<float> d_p(p), d_f(fm), d_o(zeros<float>(N * C));
    CUAD_LAUNCH(lift_features<C>, 2, 32, f3(d_p), N, c, d_f.ptr, depth_scale, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(N * C);
  auto loss = [&] { return dot(w, run(pts, cam, feat)); };
  CameraRig zc;
  std::memset(&zc, 0, sizeof zc);
  DeviceArray<float> d_p(pts), d_f(feat), d_o(zeros<float>(N * C)), g_p(zeros<float>(3 * N)), g_f(zeros<float>(feat.size())),
      g_o(w);
  DeviceArray<CameraRig> g_c(std::vector<CameraRig>{zc});
  CUAD_GRAD(CUAD_LAUNCH(lift_features_grad_0_2_3_5<C>, 2, 32, f3(d_p), N, cam, d_f.ptr, depth_scale, d_o.ptr, f3(g_p),
                        g_c.ptr, g_f.ptr, g_o.ptr));
  check.array("pts", g_p.get(), fd(pts, loss));
  CameraRig gc = g_c.get()[0];
  std::vector<float*> cf = fields(cam), gf = fields(gc);
  std::vector<float> ad;
  std::vector<double> fdv;
  for (size_t k = 0; k < cf.size(); ++k) ad.push_back(*gf[k]), fdv.push_back(fd(*cf[k], loss));
  check.array("cam", ad, fdv);
  check.array("feat", g_f.get(), fd(feat, loss));
  check.array("out", g_o.get(), zeros<double>(N * C));
#else
  const std::vector<float> vp = rng.vec<float>(3 * N, -0.1, 0.1), vf = rng.vec<float>(feat.size());
  CameraRig vc;
  std::memset(&vc, 0, sizeof vc);
  std::vector<float*> vcf = fields(vc);
  for (float* q : vcf) *q = (float)rng.uniform(-0.1, 0.1);
  auto outputs_at = [&](double t) {
    CameraRig c = cam;
    std::vector<float*> cf = fields(c), vf2 = fields(vc);
    for (size_t k = 0; k < cf.size(); ++k) *cf[k] = along(*cf[k], t, *vf2[k]);
    return as_doubles(run(along(pts, t, vp), c, along(feat, t, vf)));
  };
  DeviceArray<float> d_p(pts), d_f(feat), d_o(zeros<float>(N * C)), t_p(vp), t_f(vf), t_o(zeros<float>(N * C));
  CUAD_GRAD(CUAD_LAUNCH(lift_features_pushforward_0_2_3_5<C>, 2, 32, f3(d_p), N, cam, d_f.ptr, depth_scale, d_o.ptr,
                        f3(t_p), vc, t_f.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
