#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_stencil7_tile");
  const int nx = 12, ny = 6, nz = 7, n = nx * ny * nz;  // partial blocks in every direction
  const dim3 block(8, 4, 4), grid((nx + 7) / 8, (ny + 3) / 4, (nz + 3) / 4);
  double alpha = 0.12;
  const double beta = 0.3;
  Rng rng(1208);
  std::vector<double> u = rng.vec(n), un0 = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> du(u), dn(un0);
    CUAD_LAUNCH(heat7_tile, grid, block, du.ptr, dn.ptr, alpha, beta, nx, ny, nz);
    return dot(w, dn.get());
  };
  DeviceArray<double> du(u), dn(un0), au(zeros<double>(n)), an(w);
  DeviceScalar<double> aa(0.0);
  CUAD_GRAD(CUAD_LAUNCH(heat7_tile_grad_0_1_2, grid, block, du.ptr, dn.ptr, alpha, beta, nx, ny,
                        nz, au.ptr, an.ptr, aa.ptr));
  check.array("u", au.get(), fd(u, loss));
  check.array("unew", an.get(), std::vector<double>(n, 0.0));
  check.scalar("alpha", aa.value(), fd(alpha, loss));
  return check.finish();
}
