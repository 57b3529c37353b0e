#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_smem_jacobi");
  const int nblk = 3, n = 32 * nblk, sweeps = 4;
  const double omega = 0.7;
  Rng rng(524);
  std::vector<double> u = rng.vec(n), f = rng.vec(n, -0.3, 0.3), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_u(u), d_f(f);
    CUAD_LAUNCH(jacobi_block, nblk, 32, d_u.ptr, d_f.ptr, omega, sweeps);
    return dot(w, d_u.get());
  };
  DeviceArray<double> d_u(u), d_f(f), a_u(w), a_f(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(jacobi_block_grad_0_1, nblk, 32, d_u.ptr, d_f.ptr, omega, sweeps, a_u.ptr, a_f.ptr));
  check.array("u", a_u.get(), fd(u, loss));
  check.array("f", a_f.get(), fd(f, loss));
  return check.finish();
}
