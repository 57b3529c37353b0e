#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_vertex_normals");
  // A bumpy 5x5 grid of vertices, two triangles per cell.
  const int g = 5, nv = g * g, ntri = 2 * (g - 1) * (g - 1);
  Rng rng(31);
  std::vector<float> pos(3 * nv);
  for (int j = 0; j < g; ++j)
    for (int i = 0; i < g; ++i) {
      const int v = j * g + i;
      pos[3 * v] = i + 0.2f * (float)rng.uniform(-1, 1);
      pos[3 * v + 1] = j + 0.2f * (float)rng.uniform(-1, 1);
      pos[3 * v + 2] = 0.5f * (float)rng.uniform(-1, 1);
    }
  std::vector<int> tri;
  for (int j = 0; j + 1 < g; ++j)
    for (int i = 0; i + 1 < g; ++i) {
      const int a = j * g + i, b = a + 1, c = a + g, d = c + 1;
      tri.insert(tri.end(), {a, b, d, a, d, c});
    }
  std::vector<float> vn = rng.vec<float>(3 * nv), w = rng.vec<float>(3 * nv);
  DeviceArray<int> d_tri(tri);
  auto loss = [&] {
    DeviceArray<float> d_vn(vn), d_p(pos);
    CUAD_LAUNCH(vertex_normals, 1, 64, d_vn.ptr, d_p.ptr, d_tri.ptr, ntri);
    return dot(w, d_vn.get());
  };
  DeviceArray<float> d_vn(vn), d_p(pos), a_vn(w), a_p(zeros<float>(3 * nv));
  CUAD_GRAD(CUAD_LAUNCH(vertex_normals_grad_0_1, 1, 64, d_vn.ptr, d_p.ptr, d_tri.ptr, ntri, a_vn.ptr,
                        a_p.ptr));
  check.array("vn", a_vn.get(), fd(vn, loss));
  check.array("pos", a_p.get(), fd(pos, loss));
  return check.finish();
}
