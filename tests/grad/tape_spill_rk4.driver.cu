#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("tape_spill_rk4");
  const int n = 4, nsteps = 48;
  const double h = 0.1;
  Rng rng(18);
  std::vector<double> y = rng.vec(2 * n, 0.5, 1.0), k = rng.vec(n, 0.5, 1.5), w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> dy(y), dk(k);
    CUAD_LAUNCH(rk4_decay, 1, 4, dy.ptr, dk.ptr, h, nsteps, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dy(y), dk(k), ay(w), ak(zeros<double>(n));
  DeviceScalar<double> ah(0.0);
  // The gradient's tape spills to device malloc; compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  CUAD_GRAD(CUAD_LAUNCH(rk4_decay_grad_0_1_2, 1, 4, dy.ptr, dk.ptr, h, nsteps, n, ay.ptr, ak.ptr, ah.ptr));
  check.array("y0", ay.get(), fd(y, loss));
  check.array("kk", ak.get(), fd(k, loss));
  double hh = h;
  auto loss_h = [&] {
    DeviceArray<double> dy(y), dk(k);
    CUAD_LAUNCH(rk4_decay, 1, 4, dy.ptr, dk.ptr, hh, nsteps, n);
    return dot(w, dy.get());
  };
  check.scalar("h", ah.value(), fd(hh, loss_h));
  return check.finish();
}
