#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_soft_spheres");
  const int W = 12, H = 10, n = W * H, ns = 3;
  Rng rng(9404);
  std::vector<float> sp = {-0.3f, 0.1f, 0.5f, 0.55f, 0.8f,
                           0.35f, -0.2f, 1.2f, 0.7f, 0.6f,
                           0.05f, 0.3f, 2.0f, 0.9f, 0.9f};
  V3 light(0.4f, -0.7f, -0.6f);
  float sharp = 6.0f, gamma = 0.8f;
  std::vector<float> img0 = rng.vec<float>(n), w = rng.vec<float>(n);
  const dim3 block(8, 8), grid(2, 2);
  auto run = [&](const std::vector<float>& s, V3 l) {
    std::vector<Sphere> hs(ns);
    for (int i = 0; i < ns; ++i)
      hs[i] = Sphere{V3(s[5 * i], s[5 * i + 1], s[5 * i + 2]), s[5 * i + 3], s[5 * i + 4]};
    DeviceArray<Sphere> d_s(hs);
    DeviceArray<float> d_i(img0);
    CUAD_LAUNCH(render_spheres, grid, block, d_s.ptr, ns, l, d_i.ptr, W, H, sharp, gamma);
    return d_i.get();
  };
  std::vector<float> lv = {light.x, light.y, light.z};
  auto loss = [&] { return dot(w, run(sp, V3(lv[0], lv[1], lv[2]))); };
  std::vector<Sphere> hs(ns);
  for (int i = 0; i < ns; ++i)
    hs[i] = Sphere{V3(sp[5 * i], sp[5 * i + 1], sp[5 * i + 2]), sp[5 * i + 3], sp[5 * i + 4]};
  DeviceArray<Sphere> d_s(hs);
  DeviceArray<float> d_i(img0), a_i(w);
  DeviceScalar<V3> a_l(V3(0.f, 0.f, 0.f));
#if CUAD_OUTPUT == 1
  DeviceArray<Sphere> a_s(std::vector<Sphere>(ns, Sphere{V3(0.f, 0.f, 0.f), 0.f, 0.f}));
  CUAD_GRAD(CUAD_LAUNCH(render_spheres_grad_0_2_3, grid, block, d_s.ptr, ns, light, d_i.ptr, W, H,
                        sharp, gamma, a_s.ptr, a_l.ptr, a_i.ptr));
  std::vector<Sphere> as = a_s.get();
  std::vector<float> asf(5 * ns);
  for (int i = 0; i < ns; ++i) {
    asf[5 * i] = as[i].c.x; asf[5 * i + 1] = as[i].c.y; asf[5 * i + 2] = as[i].c.z;
    asf[5 * i + 3] = as[i].r; asf[5 * i + 4] = as[i].albedo;
  }
  check.array("sph", asf, fd(sp, loss));
#else
  CUAD_GRAD(CUAD_LAUNCH(render_spheres_grad_2_3, grid, block, d_s.ptr, ns, light, d_i.ptr, W, H,
                        sharp, gamma, a_l.ptr, a_i.ptr));
#endif
  V3 al = a_l.value();
  check.array("light", std::vector<float>{al.x, al.y, al.z}, fd(lv, loss));
  check.array("img", a_i.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
