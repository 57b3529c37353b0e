#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("volatile_partial_tail");
  const int blocks = 3, n = 64 * blocks;
  Rng rng(1515);
  std::vector<double> x = rng.vec(n), w = rng.vec(blocks);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(blocks, 0.0);
    CUAD_LAUNCH(block_energy, blocks, 64, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(blocks, 0.0), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(block_energy_grad, blocks, 64, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
