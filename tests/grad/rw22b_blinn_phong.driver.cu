#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22b_blinn_phong");
  const int n_pix = 45;
  Rng rng(22010);
  // normals and lights near +z: every n.l and n.h stays > 0.3 (away from the fmax kinks)
  std::vector<float> normals(3 * n_pix), light_dirs(3 * shading::kLights);
  for (int i = 0; i < n_pix; ++i) {
    normals[3 * i] = float(rng.uniform(-0.4, 0.4));
    normals[3 * i + 1] = float(rng.uniform(-0.4, 0.4));
    normals[3 * i + 2] = float(rng.uniform(0.8, 1.5));
  }
  for (int k = 0; k < shading::kLights; ++k) {
    light_dirs[3 * k] = float(rng.uniform(-0.5, 0.5));
    light_dirs[3 * k + 1] = float(rng.uniform(-0.5, 0.5));
    light_dirs[3 * k + 2] = 1.0f;
  }
  std::vector<float> albedo = rng.vec<float>(3 * n_pix, 0.2, 0.9),
                     light_rgb = rng.vec<float>(3 * shading::kLights, 0.5, 1.5),
                     rgb = rng.vec<float>(3 * n_pix), w = rng.vec<float>(3 * n_pix);
  float shininess = 12.0f;
  DeviceArray<float> d_lrgb(light_rgb);
  auto run = [&](const std::vector<float>& nv, const std::vector<float>& av,
                 const std::vector<float>& lv, float s) {
    DeviceArray<float> dn(nv), da(av), dl(lv), dc(rgb);
    CUAD_LAUNCH(shade, 2, 32, dn.ptr, da.ptr, dl.ptr, d_lrgb.ptr, s, dc.ptr, n_pix);
    return dc.get();
  };
  DeviceArray<float> dn(normals), da(albedo), dl(light_dirs), dc(rgb);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(normals, albedo, light_dirs, shininess)); };
  DeviceArray<float> a_n(zeros<float>(3 * n_pix)), a_a(zeros<float>(3 * n_pix)),
      a_l(zeros<float>(3 * shading::kLights)), a_c(w);
  DeviceScalar<float> a_s(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(shade_grad_0_1_2_4_5, 2, 32, dn.ptr, da.ptr, dl.ptr, d_lrgb.ptr, shininess,
                        dc.ptr, n_pix, a_n.ptr, a_a.ptr, a_l.ptr, a_s.ptr, a_c.ptr));
  check.array("normals", a_n.get(), fd(normals, loss));
  check.array("albedo", a_a.get(), fd(albedo, loss));
  check.array("light_dirs", a_l.get(), fd(light_dirs, loss));
  check.scalar("shininess", a_s.value(), fd(shininess, loss));
  check.array("rgb (only written)", a_c.get(), std::vector<double>(3 * n_pix, 0.0));
#else
  std::vector<float> vn = rng.vec<float>(3 * n_pix, -0.2, 0.2), va = rng.vec<float>(3 * n_pix),
                     vl = rng.vec<float>(3 * shading::kLights, -0.2, 0.2);
  const float vs = 1.5f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(normals, t, vn), along(albedo, t, va), along(light_dirs, t, vl),
                          along(shininess, t, vs)));
  };
  DeviceArray<float> t_n(vn), t_a(va), t_l(vl), t_c(zeros<float>(3 * n_pix));
  CUAD_GRAD(CUAD_LAUNCH(shade_pushforward_0_1_2_4_5, 2, 32, dn.ptr, da.ptr, dl.ptr, d_lrgb.ptr,
                        shininess, dc.ptr, n_pix, t_n.ptr, t_a.ptr, t_l.ptr, vs, t_c.ptr));
  check.array("rgb", as_doubles(t_c.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
