#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_int_scan");
  Rng rng(906);
  const int n = 90, blocks = 3;
  // Inputs away from 0 by more than the step: the keep flags do not flip.
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(blocks * 32);
  for (float& v : x)
    if (std::fabs(v) < 0.1f) v = v < 0 ? -0.3f : 0.3f;
  std::vector<float> w = rng.vec<float>(blocks * 32);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(y);
    CUAD_LAUNCH(compact_squares, blocks, 32, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(y), a_x(zeros<float>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(compact_squares_grad_0_1, blocks, 32, d_x.ptr, d_y.ptr, n, a_x.ptr,
                        a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
