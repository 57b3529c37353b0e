#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_overloads");
  const int n = 12;
  Rng rng(113);
  std::vector<double> y = rng.vec(n), w = rng.vec(n), x = rng.vec(n);
  std::vector<float> xf = rng.vec<float>(n);
  double s = 0.4;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    DeviceArray<float> d_xf(xf);
    CUAD_LAUNCH(ovl, 1, 32, d_y.ptr, d_x.ptr, d_xf.ptr, s, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n));
  DeviceScalar<double> a_s;
  DeviceArray<float> d_xf(xf), a_xf(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(ovl_grad_0_1_2_3, 1, 32, d_y.ptr, d_x.ptr, d_xf.ptr, s, n, a_y.ptr, a_x.ptr, a_xf.ptr, a_s.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("xf", a_xf.get(), fd(xf, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
