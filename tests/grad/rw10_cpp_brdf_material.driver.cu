#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_cpp_brdf_material");
  const int n = 48, nm = 3;
  Rng rng(1002);
  std::vector<Material> mats = {Material{BrdfKind::Lambert, 0.8f, 0.0f, 0.5f},
                                Material{BrdfKind::Phong, 0.6f, 0.4f, 0.25f},
                                Material{BrdfKind::Ward, 0.5f, 0.7f, 0.45f}};
  std::vector<int> mat_id(n);
  for (int i = 0; i < n; ++i) mat_id[i] = i % nm;
  std::vector<float> normals(3 * n);
  for (int i = 0; i < n; ++i) {
    normals[3 * i] = (float)rng.uniform(-0.3, 0.3);
    normals[3 * i + 1] = (float)rng.uniform(-0.3, 0.3);
    normals[3 * i + 2] = (float)rng.uniform(0.8, 1.2);
  }
  const float s2 = 0.70710678f;
  Dir light{0.3f, 0.2f, 0.93f}, view{-0.2f * s2, 0.1f, 0.97f};
  std::vector<float> radiance = rng.vec<float>(n, 0.5, 1.5), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<Material> dm(mats);
    DeviceArray<int> di(mat_id);
    DeviceArray<float> dn(normals), dr(radiance), dout(out);
    CUAD_LAUNCH(shade, 2, 32, dm.ptr, di.ptr, dn.ptr, light, view, dr.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  std::vector<Material> zm(nm, Material{BrdfKind::Lambert, 0.f, 0.f, 0.f});
  DeviceArray<Material> dm(mats), a_m(zm);
  DeviceArray<int> di(mat_id);
  DeviceArray<float> dn(normals), dr(radiance), dout(out), a_n(zeros<float>(3 * n)),
      a_r(zeros<float>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(shade_grad_0_2_5_6, 2, 32, dm.ptr, di.ptr, dn.ptr, light, view, dr.ptr,
                        dout.ptr, n, a_m.ptr, a_n.ptr, a_r.ptr, a_out.ptr));
  std::vector<Material> gm = a_m.get();
  std::vector<float> ga, fa;
  std::vector<double> fdv;
  for (int j = 0; j < nm; ++j) {
    ga.push_back(gm[j].albedo); fdv.push_back(fd(mats[j].albedo, loss));
    ga.push_back(gm[j].spec); fdv.push_back(fd(mats[j].spec, loss));
    ga.push_back(gm[j].rough); fdv.push_back(fd(mats[j].rough, loss));
  }
  check.array("mats{albedo,spec,rough}", ga, fdv);
  check.array("normals", a_n.get(), fd(normals, loss));
  check.array("radiance", a_r.get(), fd(radiance, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
