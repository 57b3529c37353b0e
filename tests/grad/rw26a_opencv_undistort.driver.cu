#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double2> to2(const std::vector<double>& v) {
  std::vector<double2> a(v.size() / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_double2(v[2 * i], v[2 * i + 1]);
  return a;
}
static std::vector<double> fl2(const std::vector<double2>& a) {
  std::vector<double> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y});
  return v;
}
static std::vector<double> fl3(const std::vector<double3>& a) {
  std::vector<double> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}
static std::vector<double3> to3(const std::vector<double>& v) {
  std::vector<double3> a(v.size() / 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return a;
}

int main() {
  Checker check("rw26a_opencv_undistort");
  Rng rng(26606);
  const int n = 45;
  // fx, fy, cx, cy, k1, k2, p1, p2 of a 640x480 camera with noticeable distortion
  std::vector<double> params = {520.0, 510.0, 322.0, 238.0, -0.21, 0.05, 0.0012, -0.0008};
  std::vector<double> pixels(2 * n);
  for (int i = 0; i < n; ++i) {
    // keep u, v away from zero: the Jacobian's relative steps have a floor there
    double x, y;
    do {
      x = rng.uniform(10.0, 630.0);
      y = rng.uniform(10.0, 470.0);
    } while (std::fabs(x - 322.0) < 4.0 || std::fabs(y - 238.0) < 4.0);
    pixels[2 * i] = x;
    pixels[2 * i + 1] = y;
  }
  // the finite differences of 500-pixel intrinsics need a looser absolute tolerance
  const Tol tol{1e-6, 2e-5};
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto run = [&](const std::vector<double>& p, const std::vector<double>& px) {
    DeviceArray<double> dp(p);
    DeviceArray<double2> dpx(to2(px));
    DeviceArray<double3> rays(to3(zeros<double>(3 * n)));
    CUAD_LAUNCH(image_to_rays<OpenCVCameraModel>, 2, 32, dp.ptr, dpx.ptr, n, rays.ptr);
    return fl3(rays.get());
  };
#endif
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(params, pixels)); };
  DeviceArray<double> dp(params), gp(zeros<double>(8));
  DeviceArray<double2> dpx(to2(pixels)), gpx(to2(zeros<double>(2 * n)));
  DeviceArray<double3> rays(to3(zeros<double>(3 * n))), grays(to3(w));
  CUAD_GRAD(CUAD_LAUNCH(image_to_rays_grad_0_1_3<OpenCVCameraModel>, 2, 32, dp.ptr, dpx.ptr, n, rays.ptr, gp.ptr,
                        gpx.ptr, grays.ptr));
  check.array("params", gp.get(), fd(params, loss), tol);
  check.array("pixels", fl2(gpx.get()), fd(pixels, loss), tol);
  check.array("rays (only written)", fl3(grays.get()), zeros<double>(3 * n));
#elif CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] {
    std::vector<double> out(2 * n, 0.0);
    undistort_keypoints(params.data(), pixels.data(), n, out.data());
    return dot(w, out);
  };
  std::vector<double> out(2 * n, 0.0), gp(8, 0.0), gk(2 * n, 0.0), gout = w;
  CUAD_GRAD(undistort_keypoints_grad_0_1_3(params.data(), pixels.data(), n, out.data(), gp.data(), gk.data(),
                                           gout.data()));
  check.array("params_h", gp, fd(params, loss), tol);
  check.array("kp_h", gk, fd(pixels, loss), tol);
  check.array("out_h (only written)", gout, zeros<double>(2 * n));
#else
  const std::vector<double> vp = {2.0, -1.5, 1.0, 0.5, 0.01, -0.005, 0.0002, 0.0001}, vx = rng.vec(2 * n);
  auto outputs_at = [&](double t) { return run(along(params, t, vp), along(pixels, t, vx)); };
  DeviceArray<double> dp(params), tp(vp);
  DeviceArray<double2> dpx(to2(pixels)), tpx(to2(vx));
  DeviceArray<double3> rays(to3(zeros<double>(3 * n))), trays(to3(zeros<double>(3 * n)));
  CUAD_GRAD(CUAD_LAUNCH(image_to_rays_pushforward<OpenCVCameraModel>, 2, 32, dp.ptr, dpx.ptr, n, rays.ptr,
                        tp.ptr, tpx.ptr, trays.ptr));
  check.array("rays tangent", fl3(trays.get()), directional_fd<double>(outputs_at), tol);
#endif
  return check.finish();
}
