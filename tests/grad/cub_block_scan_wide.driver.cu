#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_block_scan_wide");
  Rng rng(908);
  const int n = 150, blocks = 2;
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(y);
    CUAD_LAUNCH(cumulative, blocks, 96, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(y), a_x(zeros<float>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(cumulative_grad_0_1, blocks, 96, d_x.ptr, d_y.ptr, n, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
