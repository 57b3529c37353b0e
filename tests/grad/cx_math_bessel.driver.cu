#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_math_bessel");
  const int n = 16;
  Rng rng(103);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(n, 0.3, 1.5);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(bessel, 1, 32, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(bessel_grad_0_1, 1, 32, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  // float terms limit precision
  check.array("x", a_x.get(), fd(x, loss), Tol{1e-4, 1e-3});
  return check.finish();
}
