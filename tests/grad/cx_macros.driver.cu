#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_macros");
  const int n = 10;
  Rng rng(117);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(n);
  double s = 0.3;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(mac, 1, 32, d_y.ptr, d_x.ptr, s, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n));
  DeviceScalar<double> a_s;
  CUAD_GRAD(CUAD_LAUNCH(mac_grad_0_1_2, 1, 32, d_y.ptr, d_x.ptr, s, n, a_y.ptr, a_x.ptr, a_s.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
