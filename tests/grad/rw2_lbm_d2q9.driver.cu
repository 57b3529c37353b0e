#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_lbm_d2q9");
  const int nx = 5, ny = 4, n = 9 * nx * ny;
  Rng rng(222);
  std::vector<float> fin = rng.vec<float>(n, 0.05, 0.2), fout = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  float omega = 1.3f;
  dim3 block(4, 2), grid(2, 2);
  auto loss = [&] {
    DeviceArray<float> d_o(fout), d_i(fin);
    CUAD_LAUNCH(lbm_collide_stream, grid, block, d_o.ptr, d_i.ptr, omega, nx, ny);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(fout), d_i(fin), a_o(w), a_i(zeros<float>(n));
  DeviceScalar<float> a_om;
  CUAD_GRAD(CUAD_LAUNCH(lbm_collide_stream_grad_0_1_2, grid, block, d_o.ptr, d_i.ptr, omega, nx,
                        ny, a_o.ptr, a_i.ptr, a_om.ptr));
  check.array("fout", a_o.get(), fd(fout, loss));
  check.array("fin", a_i.get(), fd(fin, loss));
  check.scalar("omega", a_om.value(), fd(omega, loss));
  return check.finish();
}
