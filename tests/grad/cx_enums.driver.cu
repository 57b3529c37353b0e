#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_enums");
  const int n = 12;
  Rng rng(111);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(n);
  double a = 0.6;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(act, 1, 32, d_y.ptr, d_x.ptr, a, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(act_grad_0_1_2, 1, 32, d_y.ptr, d_x.ptr, a, n, a_y.ptr, a_x.ptr, a_a.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
