#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_pointer_outputs");
  const int n = 40;
  Rng rng(161);
  std::vector<double> y = rng.vec(n), x = rng.vec(n, 0.27, 0.33), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(split_parts, 2, 32, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(split_parts_grad_0_1, 2, 32, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
