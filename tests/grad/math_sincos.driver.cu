#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_sincos");
  const int n = 50;
  Rng rng(49);
  std::vector<double> y = rng.vec(n), x = rng.vec(n, -1.5, 1.5), w = rng.vec(n);
  double r = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(trig, 2, 32, d_y.ptr, d_x.ptr, r, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(n));
  DeviceScalar<double> a_r;
  CUAD_GRAD(CUAD_LAUNCH(trig_grad_0_1_2, 2, 32, d_y.ptr, d_x.ptr, r, n, a_y.ptr, a_x.ptr, a_r.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("r", a_r.value(), fd(r, loss));
  return check.finish();
}
