#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_using_namespace");
  const int n = 40;
  Rng rng(33);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(smooth, 2, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), d_y(w), d_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(smooth_grad_0_1, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
