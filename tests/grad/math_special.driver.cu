#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_special");
  const int n = 40;
  Rng rng(53);
  std::vector<double> y = rng.vec(n), w = rng.vec(n);
  std::vector<double> x = rng.vec(n, -0.9, 0.9);
  float s = 0.7f;
  auto loss = [&] {
    DeviceArray<double> d_y(y);
    DeviceArray<double> d_x(x);
    CUAD_LAUNCH(special, 2, 32, d_y.ptr, d_x.ptr, s, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w);
  DeviceArray<double> d_x(x), a_x(zeros<double>(n));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(special_grad_0_1_2, 2, 32, d_y.ptr, d_x.ptr, s, n, a_y.ptr, a_x.ptr, a_s.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
