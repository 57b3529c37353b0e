#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_static_member");
  const int n = 8;
  Rng rng(108);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(statics, 1, 32, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(statics_grad_0_1, 1, 32, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
