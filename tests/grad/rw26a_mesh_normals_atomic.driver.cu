#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static const int G = 5, NV = G * G, NF = 2 * (G - 1) * (G - 1);

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

int main() {
  Checker check("rw26a_mesh_normals_atomic");
  Rng rng(26010);
  // a bumpy height field z = h(x, y) over a 5x5 grid, triangulated with alternating diagonals
  std::vector<float> verts(3 * NV);
  for (int j = 0; j < G; ++j)
    for (int i = 0; i < G; ++i) {
      const int v = j * G + i;
      verts[3 * v] = (float)(i * 0.5 + rng.uniform(-0.08, 0.08));
      verts[3 * v + 1] = (float)(j * 0.5 + rng.uniform(-0.08, 0.08));
      verts[3 * v + 2] = (float)rng.uniform(-0.2, 0.2);
    }
  std::vector<int> faces;
  for (int j = 0; j + 1 < G; ++j)
    for (int i = 0; i + 1 < G; ++i) {
      const int a = j * G + i, b = a + 1, c = a + G, d = c + 1;
      if ((i + j) % 2 == 0)
        faces.insert(faces.end(), {a, b, d, a, d, c});
      else
        faces.insert(faces.end(), {a, b, c, b, d, c});
    }
  std::vector<int3> faces3(NF);
  for (int f = 0; f < NF; ++f) faces3[f] = make_int3(faces[3 * f], faces[3 * f + 1], faces[3 * f + 2]);
#if CUAD_OUTPUT == 1
  static_assert(sizeof(Material) == 11 * sizeof(float), "Material is 11 floats");
  std::vector<float> mat = {0.8f, 0.6f, 0.4f, 1.0f, 0.5f, 3.0f, 1.2f, 0.8f, 4.0f, 0.5f, 12.0f};
  auto mat_of = [](const std::vector<float>& v) {
    Material m;
    std::memcpy(&m, v.data(), sizeof(m));
    return m;
  };
  const std::vector<float> w = rng.vec<float>(3 * NV);
  auto loss = [&] {
    std::vector<float> col(3 * NV, 0.0f);
    shade_mesh(verts.data(), faces.data(), NV, NF, mat_of(mat), col.data());
    return dot(w, col);
  };
  std::vector<float> col(3 * NV, 0.0f), gv(3 * NV, 0.0f), gcol = w;
  Material gm = mat_of(zeros<float>(11));
  CUAD_GRAD(shade_mesh_grad_0_4_5(verts.data(), faces.data(), NV, NF, mat_of(mat), col.data(), gv.data(), &gm,
                                  gcol.data()));
  std::vector<float> gmf(11);
  std::memcpy(gmf.data(), &gm, sizeof(gm));
  check.array("verts_h", gv, fd(verts, loss));
  check.array("mat", gmf, fd(mat, loss));
  check.array("colors_h (only written)", gcol, zeros<double>(3 * NV));
#else
  std::vector<float> vn0 = rng.vec<float>(3 * NV);
  const std::vector<float> w = rng.vec<float>(3 * NV);
  auto loss = [&] {
    DeviceArray<float3> dv(to3(verts));
    DeviceArray<int3> df(faces3);
    DeviceArray<float> dn(vn0);
    CUAD_LAUNCH(accumulate_normals, 1, 32, dv.ptr, df.ptr, NF, dn.ptr);
    return dot(w, dn.get());
  };
  DeviceArray<float3> dv(to3(verts)), gv(to3(zeros<float>(3 * NV)));
  DeviceArray<int3> df(faces3);
  DeviceArray<float> dn(vn0), gn(w);
  CUAD_GRAD(CUAD_LAUNCH(accumulate_normals_grad_0_3, 1, 32, dv.ptr, df.ptr, NF, dn.ptr, gv.ptr, gn.ptr));
  check.array("verts", fl3(gv.get()), fd(verts, loss));
  check.array("vnormals (in place: its input's adjoint)", gn.get(), fd(vn0, loss));
#endif
  return check.finish();
}
