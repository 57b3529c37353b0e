#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_smem_heat2d");
  const int nx = 13, ny = 11, n = nx * ny;
  Rng rng(517);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double alpha = 0.15;
  dim3 block(8, 8), grid(2, 2);
  auto loss = [&] {
    DeviceArray<double> d_o(out), d_i(in);
    CUAD_LAUNCH(heat_tile, grid, block, d_o.ptr, d_i.ptr, alpha, nx, ny);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_o(out), d_i(in), a_o(w), a_i(zeros<double>(n));
  DeviceScalar<double> a_al;
  CUAD_GRAD(CUAD_LAUNCH(heat_tile_grad_0_1_2, grid, block, d_o.ptr, d_i.ptr, alpha, nx, ny, a_o.ptr,
                        a_i.ptr, a_al.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  check.scalar("alpha", a_al.value(), fd(alpha, loss));
  return check.finish();
}
