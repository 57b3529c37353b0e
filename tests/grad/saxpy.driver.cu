#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("saxpy");
  const int n = 100;
  Rng rng(1);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  double a = 0.75;
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(saxpy, 2, 64, n, a, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), d_x(zeros<double>(n)), d_y(w);
  DeviceScalar<double> d_a;
  CUAD_GRAD(CUAD_LAUNCH(saxpy_grad_1_2_3, 2, 64, n, a, dx.ptr, dy.ptr, d_a.ptr, d_x.ptr, d_y.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("y", d_y.get(), fd(y, loss));
  check.scalar("a", d_a.value(), fd(a, loss));
  return check.finish();
}
