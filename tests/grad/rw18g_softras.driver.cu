#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Host copies of the geometric tests, to keep every pixel/face pair away from the kinks:
// the distance cutoff and the barycentric clips (edge lines).
static double efn(const double* a, const double* b, double px, double py) {
  return (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
}
static double sd2(const double* a, const double* b, double px, double py) {
  const double ex = b[0] - a[0], ey = b[1] - a[1];
  double t = ((px - a[0]) * ex + (py - a[1]) * ey) / (ex * ex + ey * ey);
  t = std::fmin(std::fmax(t, 0.0), 1.0);
  const double dx = a[0] + t * ex - px, dy = a[1] + t * ey - py;
  return dx * dx + dy * dy;
}

int main() {
  Checker check("rw18g_softras");
  Rng rng(18007);
  // 6 triangles over a 9x8 image, 4x4 blocks (3x2 grid, partial blocks), sigma 0.01 (the
  // cutoff reaches about 1.4 pixels), gamma 0.1, depths in [2, 8] between near 1 and far 10.
  const int F = 6, H = 8, W = 9;
  double sigma = 0.01, gamma = 0.1;
  const double znear = 1.0, zfar = 10.0;
  const double3 bg = make_double3(0.9, 0.8, 0.7);
  std::vector<double> verts(F * 6), fz = rng.vec(F * 3, 2.0, 8.0), fc = rng.vec(F * 9, 0.0, 1.0),
                      image = zeros<double>(H * W * 4);
  const double thr = sigma * std::log(1.0 / 1e-4 - 1.0);
  for (int f = 0; f < F; ++f)
    for (;;) {
      double* v = &verts[f * 6];
      const double cx = rng.uniform(-0.8, 0.8), cy = rng.uniform(-0.8, 0.8);
      for (int k = 0; k < 3; ++k) {
        v[2 * k] = cx + rng.uniform(-0.6, 0.6);
        v[2 * k + 1] = cy + rng.uniform(-0.6, 0.6);
      }
      const double area = efn(v, v + 2, v[4], v[5]);
      bool ok = std::fabs(area) > 0.05;
      for (int py = 0; py < H && ok; ++py)
        for (int px = 0; px < W && ok; ++px) {
          const double x = (2.0 * px + 1.0 - W) / W, y = (2.0 * py + 1.0 - H) / H;
          const double w0 = efn(v + 2, v + 4, x, y) / area, w1 = efn(v + 4, v, x, y) / area,
                       w2 = efn(v, v + 2, x, y) / area;
          const double d = std::fmin(std::fmin(sd2(v, v + 2, x, y), sd2(v + 2, v + 4, x, y)),
                                     sd2(v + 4, v, x, y));
          if (std::fabs(d - thr) < 1e-3 * thr) ok = false;
          if (std::fabs(w0) < 1e-4 || std::fabs(w1) < 1e-4 || std::fabs(w2) < 1e-4) ok = false;
        }
      if (ok) break;
    }
  const dim3 grid(3, 2), block(4, 4);
  const std::vector<double> wimg = rng.vec(H * W * 4);
  auto loss = [&] {
    DeviceArray<double> dv(verts), dz(fz), dc(fc), dimg(image);
    CUAD_LAUNCH(soft_rasterize, grid, block, dv.ptr, dz.ptr, dc.ptr, F, H, W, sigma, gamma, znear,
                zfar, bg, dimg.ptr);
    return dot(wimg, dimg.get());
  };
  DeviceArray<double> dv(verts), dz(fz), dc(fc), dimg(image), gv(zeros<double>(F * 6)),
      gimg(wimg);
#if CUAD_OUTPUT == 1
  DeviceArray<double> gz(zeros<double>(F * 3)), gc(zeros<double>(F * 9));
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_0_1_2_11, grid, block, dv.ptr, dz.ptr, dc.ptr, F, H, W,
                        sigma, gamma, znear, zfar, bg, dimg.ptr, gv.ptr, gz.ptr, gc.ptr,
                        gimg.ptr));
  check.array("face_verts", gv.get(), fd(verts, loss));
  check.array("face_z", gz.get(), fd(fz, loss));
  check.array("face_colors", gc.get(), fd(fc, loss));
#else
  DeviceScalar<double> gs(0.0), gg(0.0);
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_0_6_7_11, grid, block, dv.ptr, dz.ptr, dc.ptr, F, H, W,
                        sigma, gamma, znear, zfar, bg, dimg.ptr, gv.ptr, gs.ptr, gg.ptr, gimg.ptr));
  check.array("face_verts", gv.get(), fd(verts, loss));
  check.scalar("sigma", gs.value(), fd(sigma, loss));
  check.scalar("gamma", gg.value(), fd(gamma, loss));
#endif
  check.array("image", gimg.get(), std::vector<double>(H * W * 4, 0.0));
  return check.finish();
}
