#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_min_shared_restore_race");
  Rng rng(23098);
  const int n = 6, B = 4, grid = 2;  // three rows per block
  std::vector<float> x = rng.vec<float>(2 * n, 0.5, 1.5);
  const std::vector<float> w = rng.vec<float>(n * B);
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(zeros<float>(n * B));
    CUAD_LAUNCH(row_broadcast_sq, grid, B, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(zeros<float>(n * B)), gx(zeros<float>(2 * n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(row_broadcast_sq_grad_1_2, grid, B, n, dx.ptr, dy.ptr, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n * B));
  return check.finish();
}
