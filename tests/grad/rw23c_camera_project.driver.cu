#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;
using namespace cam;

static const int kCamFloats = 4 + 9 + 3 + 3 + 1;
static_assert(sizeof(Camera) == kCamFloats * sizeof(float), "Camera is a block of floats");
static Camera make_cam(const std::vector<float>& p) {
  Camera c;
  std::memcpy(&c, p.data(), sizeof(Camera));
  return c;
}
static std::vector<float> cam_params(const Camera& c) {
  std::vector<float> p(kCamFloats);
  std::memcpy(p.data(), &c, sizeof(Camera));
  return p;
}
static std::vector<Vec3f> to_pts(const std::vector<float>& v) {
  std::vector<Vec3f> p(v.size() / 3);
  std::memcpy(p.data(), v.data(), v.size() * sizeof(float));
  return p;
}
static std::vector<float> flat(const std::vector<Vec3f>& p) {
  std::vector<float> v(3 * p.size());
  std::memcpy(v.data(), p.data(), v.size() * sizeof(float));
  return v;
}
static std::vector<float2> to_f2(const std::vector<float>& v) {
  std::vector<float2> p(v.size() / 2);
  for (size_t i = 0; i < p.size(); ++i) p[i] = make_float2(v[2 * i], v[2 * i + 1]);
  return p;
}
static std::vector<float> flat2(const std::vector<float2>& p) {
  std::vector<float> v;
  for (const float2& q : p) v.insert(v.end(), {q.x, q.y});
  return v;
}

__global__ void residual_kernel(Camera c, const Vec3f* pts, const float2* obs, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float ru, rv;
  const float e = residual_sq(c, pts[i], obs[i], ru, rv);
  out[3 * i] = e;
  out[3 * i + 1] = ru;
  out[3 * i + 2] = rv;
}

#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 2
__global__ void residual_grad_kernel(Camera c, const Vec3f* pts, const float2* obs, const float* w, Camera* gc,
                                     Vec3f* gp, float2* gobs, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float ru, rv;
  float dru = w[3 * i + 1] / w[3 * i], drv = w[3 * i + 2] / w[3 * i];  // scaled: seed 1 on the return
  Camera dc;
  std::memset(&dc, 0, sizeof(dc));
  Vec3f dp{0.f, 0.f, 0.f};
  float2 dobs = make_float2(0.f, 0.f);
  residual_sq_grad(c, pts[i], obs[i], ru, rv, &dc, &dp, &dobs, &dru, &drv);
  const float s = w[3 * i];
  gp[i] = Vec3f{s * dp.x, s * dp.y, s * dp.z};
  gobs[i] = make_float2(s * dobs.x, s * dobs.y);
  float* dst = reinterpret_cast<float*>(gc);
  const float* src = reinterpret_cast<const float*>(&dc);
  for (int k = 0; k < (int)(sizeof(Camera) / sizeof(float)); ++k) atomicAdd(&dst[k], s * src[k]);
}
#endif

int main() {
  Checker check("rw23c_camera_project");
  Rng rng(23307);
  const int n = 40;
  // a camera looking down +z, slightly rotated, with mild distortion
  std::vector<float> cp = {500.f, 480.f, 320.f, 240.f};
  const float a = 0.1f, b = -0.05f;
  const float R[9] = {std::cos(a), 0.f, std::sin(a), b * std::sin(a), 1.f, -b, -std::sin(a), b, std::cos(a)};
  cp.insert(cp.end(), R, R + 9);
  cp.insert(cp.end(), {0.1f, -0.2f, 0.3f, -0.12f, 0.03f, -0.004f, 0.5f});
  std::vector<float> pts(3 * n);
  for (int i = 0; i < n; ++i) {
    pts[3 * i] = (float)rng.uniform(-1.0, 1.0);
    pts[3 * i + 1] = (float)rng.uniform(-1.0, 1.0);
    // every 7th point behind the near plane (z_cam well below 0.5)
    pts[3 * i + 2] = (float)(i % 7 == 3 ? rng.uniform(-1.5, -0.5) : rng.uniform(2.0, 4.0));
  }
  Tol tol{2e-3, 1e-2};
#if CUAD_OUTPUT == 2
  std::vector<float> obs(2 * n);
  for (int i = 0; i < 2 * n; ++i) obs[i] = (float)rng.uniform(100.0, 500.0);
  std::vector<float> w = rng.vec<float>(3 * n, 0.5, 1.5);
  auto loss = [&] {
    DeviceArray<Vec3f> dp(to_pts(pts));
    DeviceArray<float2> dobs(to_f2(obs));
    DeviceArray<float> out(zeros<float>(3 * n));
    CUAD_LAUNCH(residual_kernel, 2, 32, make_cam(cp), dp.ptr, dobs.ptr, out.ptr, n);
    return dot(w, out.get());
  };
  DeviceArray<Vec3f> dp(to_pts(pts)), gp(to_pts(zeros<float>(3 * n)));
  DeviceArray<float2> dobs(to_f2(obs)), gobs(to_f2(zeros<float>(2 * n)));
  DeviceArray<float> dw(w);
  DeviceScalar<Camera> gc(make_cam(zeros<float>(kCamFloats)));
  CUAD_GRAD(CUAD_LAUNCH(residual_grad_kernel, 2, 32, make_cam(cp), dp.ptr, dobs.ptr, dw.ptr, gc.ptr, gp.ptr, gobs.ptr, n));
  // the residuals are O(100) pixels: scale the tolerance to the objective
  Tol t2{0.5, 1e-2};
  check.array("camera", cam_params(gc.value()), fd(cp, loss), t2);
  check.array("p", flat(gp.get()), fd(pts, loss), t2);
  check.array("obs", flat2(gobs.get()), fd(obs, loss), t2);
#else
  std::vector<float> uv = rng.vec<float>(2 * n);
  auto run = [&](const std::vector<float>& p, const std::vector<float>& c) {
    DeviceArray<Vec3f> dp(to_pts(p));
    DeviceArray<float2> duv(to_f2(uv));
    DeviceArray<int> dv(std::vector<int>(n, -1));
    CUAD_LAUNCH(project_points, 2, 32, dp.ptr, make_cam(c), duv.ptr, dv.ptr, n);
    return flat2(duv.get());
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(2 * n);
  auto loss = [&] { return dot(w, run(pts, cp)); };
  DeviceArray<Vec3f> dp(to_pts(pts)), gp(to_pts(zeros<float>(3 * n)));
  DeviceArray<float2> duv(to_f2(uv)), guv(to_f2(w));
  DeviceArray<int> dv(std::vector<int>(n, -1));
  DeviceScalar<Camera> gc(make_cam(zeros<float>(kCamFloats)));
  CUAD_GRAD(CUAD_LAUNCH(project_points_grad_0_1_2, 2, 32, dp.ptr, make_cam(cp), duv.ptr, dv.ptr, n, gp.ptr, gc.ptr,
                        guv.ptr));
  Tol t2{2e-2, 1e-2};
  check.array("pts", flat(gp.get()), fd(pts, loss), t2);
  check.array("camera", cam_params(gc.value()), fd(cp, loss), t2);
  check.array("uv (only written)", flat2(guv.get()), zeros<double>(2 * n));
#else
  const std::vector<float> vp = rng.vec<float>(3 * n, -0.05, 0.05), vc = rng.vec<float>(kCamFloats, -0.05, 0.05);
  auto outputs_at = [&](double t) { return as_doubles(run(along(pts, t, vp), along(cp, t, vc))); };
  DeviceArray<Vec3f> dp(to_pts(pts)), tp(to_pts(vp));
  DeviceArray<float2> duv(to_f2(uv)), tuv(to_f2(zeros<float>(2 * n)));
  DeviceArray<int> dv(std::vector<int>(n, -1));
  CUAD_GRAD(CUAD_LAUNCH(project_points_pushforward, 2, 32, dp.ptr, make_cam(cp), duv.ptr, dv.ptr, n, tp.ptr,
                        make_cam(vc), tuv.ptr));
  check.array("uv tangent", as_doubles(flat2(tuv.get())), directional_fd<float>(outputs_at), Tol{2e-2, 1e-2});
#endif
#endif
  return check.finish();
}
