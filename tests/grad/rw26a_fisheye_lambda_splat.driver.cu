#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static_assert(sizeof(FisheyeCam) == 20 * sizeof(float), "FisheyeCam is 20 floats");
static FisheyeCam cam_of(const std::vector<float>& v) {
  FisheyeCam c;
  std::memcpy(&c, v.data(), sizeof(c));
  return c;
}
static std::vector<float> flat_cam(const FisheyeCam& c) {
  std::vector<float> v(20);
  std::memcpy(v.data(), &c, sizeof(c));
  return v;
}
static std::vector<float3> to3(const std::vector<float>& v) {
  std::vector<float3> a(v.size() / 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return a;
}
static std::vector<float> fl3(const std::vector<float3>& a) {
  std::vector<float> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}
static std::vector<float2> to2(const std::vector<float>& v) {
  std::vector<float2> a(v.size() / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_float2(v[2 * i], v[2 * i + 1]);
  return a;
}
static std::vector<float> fl2(const std::vector<float2>& a) {
  std::vector<float> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y});
  return v;
}

int main() {
  Checker check("rw26a_fisheye_lambda_splat");
  Rng rng(26014);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const int n = 36;
  const float ca = 0.98f, sa = 0.19866933f;
  std::vector<float> cam = {280.f, 275.f, 320.f, 240.f, 0.02f, -0.01f, 0.004f, -0.001f,
                            ca, 0.f, sa, 0.f, 1.f, 0.f, -sa, 0.f, ca, 0.05f, -0.1f, 0.2f};
  std::vector<float> pts(3 * n);
  int inner = 0;
  for (int i = 0; i < n; ++i) {
    for (;;) {
      const double z = rng.uniform(1.0, 4.0), x = rng.uniform(-1.3, 1.3) * z, y = rng.uniform(-1.0, 1.0) * z;
      // the camera-space angle, in double, away from the vignetting clamp at cos^4 = 1/1.1
      const double X = ca * x + sa * z + 0.05, Y = y - 0.1, Z = -sa * x + ca * z + 0.2;
      const double th = std::atan2(std::hypot(X, Y), Z);
      const double c4 = std::pow(std::cos(th), 4.0) * 1.1;
      if (std::fabs(c4 - 1.0) < 0.03) continue;
      inner += c4 > 1.0;
      pts[3 * i] = (float)x, pts[3 * i + 1] = (float)y, pts[3 * i + 2] = (float)z;
      break;
    }
  }
  check.expect(inner >= 2 && inner < n, "some points inside the clamped vignetting cone");
  const float level = 0.5f;
  auto run = [&](const std::vector<float>& p, const std::vector<float>& c) {
    DeviceArray<float3> dp(to3(p));
    DeviceArray<float2> duv(to2(zeros<float>(2 * n)));
    DeviceArray<float> dv(zeros<float>(n));
    CUAD_LAUNCH(project_fisheye, 2, 32, dp.ptr, n, cam_of(c), level, duv.ptr, dv.ptr);
    std::vector<float> out = fl2(duv.get()), v = dv.get();
    out.insert(out.end(), v.begin(), v.end());
    return out;
  };
  // pixel coordinates of a few hundred with float steps of 2e-3: scale the tolerance
  const Tol tol{2e-2, 1e-2};
#endif
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * n);
  auto loss = [&] { return dot(w, run(pts, cam)); };
  DeviceArray<float3> dp(to3(pts)), gp(to3(zeros<float>(3 * n)));
  DeviceArray<float2> duv(to2(zeros<float>(2 * n))), guv(to2(std::vector<float>(w.begin(), w.begin() + 2 * n)));
  DeviceArray<float> dv(zeros<float>(n)), gv(std::vector<float>(w.begin() + 2 * n, w.end()));
  DeviceScalar<FisheyeCam> gc(cam_of(zeros<float>(20)));
  CUAD_GRAD(CUAD_LAUNCH(project_fisheye_grad_0_2_4_5, 2, 32, dp.ptr, n, cam_of(cam), level, duv.ptr, dv.ptr, gp.ptr,
                        gc.ptr, guv.ptr, gv.ptr));
  check.array("pts", fl3(gp.get()), fd(pts, loss), tol);
  check.array("cam", flat_cam(gc.value()), fd(cam, loss), tol);
  check.array("uv (only written)", fl2(guv.get()), zeros<double>(2 * n));
  check.array("vig (only written)", gv.get(), zeros<double>(n));
#elif CUAD_OUTPUT == 2
  // directions large enough that float round-off in the pixel coordinates stays small
  const std::vector<float> vp = rng.vec<float>(3 * n, -1.0, 1.0);
  std::vector<float> vc = rng.vec<float>(20, -0.05, 0.05);
  for (int k = 0; k < 4; ++k) vc[k] = (float)rng.uniform(-5.0, 5.0);
  for (int k = 4; k < 8; ++k) vc[k] = (float)rng.uniform(-0.01, 0.01);
  auto outputs_at = [&](double t) { return as_doubles(run(along(pts, t, vp), along(cam, t, vc))); };
  DeviceArray<float3> dp(to3(pts)), tp(to3(vp));
  DeviceArray<float2> duv(to2(zeros<float>(2 * n))), tuv(to2(zeros<float>(2 * n)));
  DeviceArray<float> dv(zeros<float>(n)), tv(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(project_fisheye_pushforward_0_2_4_5, 2, 32, dp.ptr, n, cam_of(cam), level, duv.ptr, dv.ptr,
                        tp.ptr, cam_of(vc), tuv.ptr, tv.ptr));
  std::vector<float> tang = fl2(tuv.get()), t2 = tv.get();
  tang.insert(tang.end(), t2.begin(), t2.end());
  check.array("tangent", as_doubles(tang), directional_fd<float>(outputs_at), tol);
#else
  const int n = 24, W = 16, H = 12, P = W * H;
  std::vector<float> uv(2 * n), rad = rng.vec<float>(n, 1.5, 3.0), op = rng.vec<float>(n, 0.3, 0.8),
                                col = rng.vec<float>(3 * n, 0.0, 1.0);
  for (int g = 0; g < n; ++g) uv[2 * g] = (float)rng.uniform(0.0, W), uv[2 * g + 1] = (float)rng.uniform(0.0, H);
  const dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  auto run = [&](const std::vector<float>& u, const std::vector<float>& r, const std::vector<float>& o,
                 const std::vector<float>& c) {
    DeviceArray<float2> du(to2(u));
    DeviceArray<float> dr(r), dop(o);
    DeviceArray<float3> dc(to3(c)), img(to3(zeros<float>(3 * P)));
    CUAD_LAUNCH(splat_pixels, grid, block, du.ptr, dr.ptr, dop.ptr, dc.ptr, n, W, H, img.ptr);
    return fl3(img.get());
  };
  const std::vector<float> w = rng.vec<float>(3 * P);
  auto loss = [&] { return dot(w, run(uv, rad, op, col)); };
  DeviceArray<float2> du(to2(uv)), gu(to2(zeros<float>(2 * n)));
  DeviceArray<float> dr(rad), dop(op), gr(zeros<float>(n)), gop(zeros<float>(n));
  DeviceArray<float3> dc(to3(col)), img(to3(zeros<float>(3 * P))), gc(to3(zeros<float>(3 * n))), gimg(to3(w));
  CUAD_GRAD(CUAD_LAUNCH(splat_pixels_grad_0_1_2_3_7, grid, block, du.ptr, dr.ptr, dop.ptr, dc.ptr, n, W, H, img.ptr,
                        gu.ptr, gr.ptr, gop.ptr, gc.ptr, gimg.ptr));
  check.array("uv", fl2(gu.get()), fd(uv, loss));
  check.array("radius", gr.get(), fd(rad, loss));
  check.array("opacity", gop.get(), fd(op, loss));
  check.array("color", fl3(gc.get()), fd(col, loss));
  check.array("img (only written)", fl3(gimg.get()), zeros<double>(3 * P));
#endif
  return check.finish();
}
