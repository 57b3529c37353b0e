#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_custom_helper");
  const int n = 10;
  Rng rng(118);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(2 * n);
  std::vector<float> xf = rng.vec<float>(n);
  double b = 0.45;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    DeviceArray<float> d_xf(xf);
    CUAD_LAUNCH(use_softplus, 1, 32, d_y.ptr, d_x.ptr, d_xf.ptr, b, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(2 * n));
  DeviceScalar<double> a_b;
  DeviceArray<float> d_xf(xf), a_xf(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(use_softplus_grad_0_1_2_3, 1, 32, d_y.ptr, d_x.ptr, d_xf.ptr, b, n, a_y.ptr, a_x.ptr, a_xf.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("xf", a_xf.get(), fd(xf, loss));
  check.scalar("b", a_b.value(), fd(b, loss));
  return check.finish();
}
