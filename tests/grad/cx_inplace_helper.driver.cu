#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_inplace_helper");
  const int n = 4;
  Rng rng(119);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(ip, 1, 32, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(2 * n));
  CUAD_GRAD(CUAD_LAUNCH(ip_grad_0_1, 1, 32, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
