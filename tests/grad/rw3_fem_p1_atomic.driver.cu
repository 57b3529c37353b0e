#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_fem_p1_atomic");
  // a jittered 5 x 4 grid of nodes, two triangles per cell (both orientations occur)
  const int nx = 5, ny = 4, nn = nx * ny, ne = 2 * (nx - 1) * (ny - 1);
  Rng rng(3106);
  std::vector<double> xy(2 * nn);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      xy[2 * (j * nx + i)] = i + rng.uniform(-0.15, 0.15);
      xy[2 * (j * nx + i) + 1] = j + rng.uniform(-0.15, 0.15);
    }
  std::vector<int> tris;
  for (int j = 0; j + 1 < ny; ++j)
    for (int i = 0; i + 1 < nx; ++i) {
      int a = j * nx + i, b = a + 1, c = a + nx, d = c + 1;
      if ((i + j) % 2) {
        tris.insert(tris.end(), {a, b, d, a, d, c});
      } else {
        tris.insert(tris.end(), {a, c, b, b, c, d});
      }
    }
  std::vector<double> u = rng.vec(nn), kappa = rng.vec(ne, 0.5, 2.0), r0 = rng.vec(nn),
                      w = rng.vec(nn);
  DeviceArray<int> d_t(tris);
  auto loss = [&] {
    DeviceArray<double> d_xy(xy), d_u(u), d_k(kappa), d_r(r0);
    CUAD_LAUNCH(assemble_residual, 1, 32, d_xy.ptr, d_t.ptr, d_u.ptr, d_k.ptr, d_r.ptr, ne);
    return dot(w, d_r.get());
  };
  DeviceArray<double> d_xy(xy), d_u(u), d_k(kappa), d_r(r0), a_xy(zeros<double>(2 * nn)),
      a_u(zeros<double>(nn)), a_k(zeros<double>(ne)), a_r(w);
  CUAD_GRAD(CUAD_LAUNCH(assemble_residual_grad_0_2_3_4, 1, 32, d_xy.ptr, d_t.ptr, d_u.ptr, d_k.ptr,
                        d_r.ptr, ne, a_xy.ptr, a_u.ptr, a_k.ptr, a_r.ptr));
  check.array("xy", a_xy.get(), fd(xy, loss));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("kappa", a_k.get(), fd(kappa, loss));
  check.array("r", a_r.get(), fd(r0, loss));
  return check.finish();
}
