#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_stencil7_const");
  const int nx = 7, ny = 6, nz = 5, n = nx * ny * nz;
  const float dt = 0.1f;
  Rng rng(9106);
  std::vector<float> u = rng.vec<float>(n), kappa = rng.vec<float>(n, 0.5, 1.5), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  dim3 block(4, 4, 2), grid((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_u(u), d_k(kappa);
    CUAD_LAUNCH(stencil7, grid, block, d_o.ptr, d_u.ptr, d_k.ptr, dt, nx, ny, nz);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_u(u), d_k(kappa), a_o(w), a_u(zeros<float>(n)), a_k(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(stencil7_grad_0_1_2, grid, block, d_o.ptr, d_u.ptr, d_k.ptr, dt, nx, ny, nz,
                        a_o.ptr, a_u.ptr, a_k.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("kappa", a_k.get(), fd(kappa, loss));
  return check.finish();
}
