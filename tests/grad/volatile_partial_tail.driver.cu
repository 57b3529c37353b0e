#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("volatile_partial_tail");
  const int blocks = 3, n = 64 * blocks;
  Rng rng(1515);
#if CUAD_OUTPUT == 1
  std::vector<double> x = rng.vec(n), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(blocks, 0.0);
    CUAD_LAUNCH(block_energy, blocks, 64, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(blocks, 0.0), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(block_energy_grad, blocks, 64, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  // half_warp_update: 2 blocks of 32 threads
  const int m = 64;
  std::vector<double> y = rng.vec(m), v = rng.vec(m);
  auto loss2 = [&] {
    DeviceArray<double> dy(y), dout(m, 0.0);
    CUAD_LAUNCH(half_warp_update, 2, 32, dy.ptr, dout.ptr);
    return dot(v, dout.get());
  };
  DeviceArray<double> dy(y), dout2(m, 0.0), ay(zeros<double>(m)), aout2(v);
  CUAD_GRAD(CUAD_LAUNCH(half_warp_update_grad, 2, 32, dy.ptr, dout2.ptr, ay.ptr, aout2.ptr));
  check.array("y", ay.get(), fd(y, loss2));
#endif
  return check.finish();
}
