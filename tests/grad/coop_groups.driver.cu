#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("coop_groups");
  const int n = 100, threads = 64, blocks = (n + threads - 1) / threads;
  Rng rng(131);
  std::vector<float> y = rng.vec<float>(blocks + n), x = rng.vec<float>(n, 0.3, 1.0),
                     w = rng.vec<float>(blocks + n);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x);
    CUAD_LAUNCH(block_energy, blocks, threads, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), a_y(w), a_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(block_energy_grad_0_1, blocks, threads, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
