#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_stencil_25d");
  const int nx = 10, ny = 9, nz = 6, n = nx * ny * nz;
  Rng rng(19);
  std::vector<float> in = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
  float c0 = 0.6f, c1 = 0.07f;
  dim3 grid(2, 2), block(8, 8);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(in);
    CUAD_LAUNCH(stencil_25d, grid, block, d_o.ptr, d_i.ptr, c0, c1, nx, ny, nz);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(in), a_o(w), a_i(zeros<float>(n));
  DeviceScalar<float> a_c0, a_c1;
  CUAD_GRAD(CUAD_LAUNCH(stencil_25d_grad_0_1_2_3, grid, block, d_o.ptr, d_i.ptr, c0, c1, nx, ny, nz,
                        a_o.ptr, a_i.ptr, a_c0.ptr, a_c1.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  check.scalar("c0", a_c0.value(), fd(c0, loss));
  check.scalar("c1", a_c1.value(), fd(c1, loss));
  return check.finish();
}
