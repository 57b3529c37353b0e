#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_grid3d");
  const int nx = 5, ny = 4, nz = 4, N = nx * ny * nz;
  Rng rng(116);
  std::vector<double> u = rng.vec(N), k = rng.vec(N), out = rng.vec(N), w = rng.vec(N);
  dim3 block(4, 2, 2), grid(2, 2, 2);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_u(u), d_k(k);
    CUAD_LAUNCH(lap3d, grid, block, d_out.ptr, d_u.ptr, d_k.ptr, nx, ny, nz);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_u(u), d_k(k), a_out(w), a_u(zeros<double>(N)),
      a_k(zeros<double>(N));
  CUAD_GRAD(CUAD_LAUNCH(lap3d_grad_0_1_2, grid, block, d_out.ptr, d_u.ptr, d_k.ptr, nx, ny, nz,
                        a_out.ptr, a_u.ptr, a_k.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("k", a_k.get(), fd(k, loss));
  return check.finish();
}
