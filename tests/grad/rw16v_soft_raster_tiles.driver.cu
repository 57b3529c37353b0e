#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

static const int kTriFields = 10;
static std::vector<double> flat_tris(const std::vector<Tri>& t) {
  std::vector<double> o;
  for (const Tri& k : t)
    o.insert(o.end(), {k.v[0].x, k.v[0].y, k.v[1].x, k.v[1].y, k.v[2].x, k.v[2].y, k.z,
                       k.color.x, k.color.y, k.color.z});
  return o;
}
static std::vector<Tri> unflat_tris(const std::vector<double>& o) {
  std::vector<Tri> t(o.size() / kTriFields);
  for (size_t i = 0; i < t.size(); ++i) {
    const double* p = &o[kTriFields * i];
    for (int e = 0; e < 3; ++e) t[i].v[e] = make_double2(p[2 * e], p[2 * e + 1]);
    t[i].z = p[6];
    t[i].color = make_double3(p[7], p[8], p[9]);
  }
  return t;
}
static std::vector<double> flat4(const std::vector<double4>& v) {
  std::vector<double> o;
  for (const double4& p : v) o.insert(o.end(), {p.x, p.y, p.z, p.w});
  return o;
}

int main() {
  Checker check("rw16v_soft_raster_tiles");
  const int W = 13, H = 10, n_tris = 21;  // 2x2 blocks (partial), 2 tiles (partial)
  Rng rng(16004);
  std::vector<Tri> tris(n_tris);
  for (int i = 0; i < n_tris; ++i) {
    const double cx = rng.uniform(1, W - 1), cy = rng.uniform(1, H - 1), rad = rng.uniform(1.5, 4.0);
    const double a0 = rng.uniform(0, 6.28);
    for (int e = 0; e < 3; ++e) {  // counter-clockwise
      const double a = a0 + e * 2.0944 + rng.uniform(-0.3, 0.3);
      tris[i].v[e] = make_double2(cx + rad * std::cos(a), cy + rad * std::sin(a));
    }
    tris[i].z = rng.uniform(1.0, 3.0);
    tris[i].color = make_double3(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1));
  }
  RasterParams rp{0.6, 0.5, 1.0, 0.3};
  double3 bg = make_double3(0.2, 0.3, 0.4);
  std::vector<double> ft = flat_tris(tris);
  std::vector<double4> img0(W * H, make_double4(0, 0, 0, 0));
  std::vector<double> w = rng.vec(4 * W * H);
  dim3 block(BLOCK_X, BLOCK_Y), grid((W + BLOCK_X - 1) / BLOCK_X, (H + BLOCK_Y - 1) / BLOCK_Y);
  auto loss = [&] {
    DeviceArray<Tri> d_t(unflat_tris(ft));
    DeviceArray<double4> d_img(img0);
    CUAD_LAUNCH(soft_rasterize, grid, block, d_t.ptr, n_tris, rp, bg, W, H, d_img.ptr);
    return dot(w, flat4(d_img.get()));
  };
  std::vector<double4> wimg(W * H);
  for (int i = 0; i < W * H; ++i) wimg[i] = make_double4(w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
  DeviceArray<Tri> d_t(tris), a_t(unflat_tris(zeros<double>(ft.size())));
  DeviceArray<double4> d_img(img0), a_img(wimg);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_0_6, grid, block, d_t.ptr, n_tris, rp, bg, W, H,
                        d_img.ptr, a_t.ptr, a_img.ptr));
#else
  DeviceArray<RasterParams> a_rp(std::vector<RasterParams>(1, RasterParams{0, 0, 0, 0}));
  DeviceArray<double3> a_bg(std::vector<double3>(1, make_double3(0, 0, 0)));
  CUAD_GRAD(CUAD_LAUNCH(soft_rasterize_grad_0_2_3_6, grid, block, d_t.ptr, n_tris, rp, bg, W, H,
                        d_img.ptr, a_t.ptr, a_rp.ptr, a_bg.ptr, a_img.ptr));
  RasterParams grp = a_rp.get()[0];
  double3 gbg = a_bg.get()[0];
  check.array("rp", std::vector<double>{grp.sigma, grp.gamma, grp.z_near, grp.bg_weight},
              std::vector<double>{fd(rp.sigma, loss), fd(rp.gamma, loss), fd(rp.z_near, loss),
                                  fd(rp.bg_weight, loss)});
  check.array("bg", std::vector<double>{gbg.x, gbg.y, gbg.z},
              std::vector<double>{fd(bg.x, loss), fd(bg.y, loss), fd(bg.z, loss)});
#endif
  check.array("tris", flat_tris(a_t.get()), fd(ft, loss));
  check.array("image", flat4(a_img.get()), zeros<double>(4 * W * H));
  return check.finish();
}
