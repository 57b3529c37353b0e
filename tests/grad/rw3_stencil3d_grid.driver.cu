#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_stencil3d_grid");
  const int nx = 6, ny = 5, nz = 5, n = nx * ny * nz;
  const double dt = 0.1;
  Rng rng(3120);
  std::vector<double> u = rng.vec(n), coef = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
  dim3 block(4, 4, 2), grid((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
  auto loss = [&] {
    DeviceArray<double> d_u(u), d_c(coef), d_o(n, 0.0);
    CUAD_LAUNCH(diffuse3d, grid, block, d_u.ptr, d_c.ptr, d_o.ptr, dt, nx, ny, nz);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_u(u), d_c(coef), d_o(n, 0.0), a_u(zeros<double>(n)), a_c(zeros<double>(n)),
      a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(diffuse3d_grad_0_1_2, grid, block, d_u.ptr, d_c.ptr, d_o.ptr, dt, nx, ny, nz,
                        a_u.ptr, a_c.ptr, a_o.ptr));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("coef", a_c.get(), fd(coef, loss));
  check.array("out", a_o.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
