#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flat3(const std::vector<double3>& v) {
  std::vector<double> o;
  for (const double3& p : v) o.insert(o.end(), {p.x, p.y, p.z});
  return o;
}

int main() {
  Checker check("rw16v_nerf_warp_scan");
  const int n_rays = 5, n_samples = 64;  // 2 chunks per ray; 3 warps per block of 96 threads
  Rng rng(16001);
  std::vector<double> raw_sigma = rng.vec(n_rays * n_samples, -2.5, 0.5);
  std::vector<double> raw_rgb = rng.vec(n_rays * n_samples * 3, -2.0, 2.0);
  std::vector<double> t_vals(n_rays * (n_samples + 1));
  for (int r = 0; r < n_rays; ++r) {
    double t = 2.0 + 0.1 * r;
    for (int s = 0; s <= n_samples; ++s) {
      t_vals[r * (n_samples + 1) + s] = t;
      t += 0.04 + 0.03 * rng.uniform(0, 1);
    }
  }
  std::vector<double> bgv = {0.8, 0.6, 0.3};
  std::vector<double> w = rng.vec(3 * n_rays);
  std::vector<double3> img0(n_rays, make_double3(0.1, 0.2, 0.3));
  DeviceArray<double> d_t(t_vals);
  const int block = 96, grid = (n_rays * 32 + block - 1) / block;
  auto loss = [&] {
    DeviceArray<double> d_s(raw_sigma), d_c(raw_rgb);
    DeviceArray<double3> d_img(img0);
    CUAD_LAUNCH(render_rays_warp, grid, block, d_s.ptr, d_c.ptr, d_t.ptr, n_rays, n_samples,
                make_double3(bgv[0], bgv[1], bgv[2]), d_img.ptr);
    return dot(w, flat3(d_img.get()));
  };
  DeviceArray<double> d_s(raw_sigma), d_c(raw_rgb), a_s(zeros<double>(raw_sigma.size())),
      a_c(zeros<double>(raw_rgb.size()));
  DeviceArray<double3> d_img(img0), a_bg(std::vector<double3>(1, make_double3(0, 0, 0)));
  std::vector<double3> wimg(n_rays);
  for (int r = 0; r < n_rays; ++r) wimg[r] = make_double3(w[3 * r], w[3 * r + 1], w[3 * r + 2]);
  DeviceArray<double3> a_img(wimg);
  CUAD_GRAD(CUAD_LAUNCH(render_rays_warp_grad_0_1_5_6, grid, block, d_s.ptr, d_c.ptr, d_t.ptr, n_rays,
                        n_samples, make_double3(bgv[0], bgv[1], bgv[2]), d_img.ptr, a_s.ptr,
                        a_c.ptr, a_bg.ptr, a_img.ptr));
  check.array("raw_sigma", a_s.get(), fd(raw_sigma, loss));
  check.array("raw_rgb", a_c.get(), fd(raw_rgb, loss));
  check.array("bg", flat3(a_bg.get()), fd(bgv, loss));
  check.array("image", flat3(a_img.get()), zeros<double>(3 * n_rays));
  return check.finish();
}
