#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_softmax_fast");
  const int rows = 4, cols = 50;
  Rng rng(3);
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), y = rng.vec<float>(rows * cols),
                     w = rng.vec<float>(rows * cols);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(y);
    CUAD_LAUNCH(softmax_fast, rows, 32, d_x.ptr, d_y.ptr, cols);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(y), a_x(zeros<float>(rows * cols)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(softmax_fast_grad_0_1, rows, 32, d_x.ptr, d_y.ptr, cols, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
