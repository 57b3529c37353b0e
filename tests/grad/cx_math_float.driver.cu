#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_math_float");
  const int n = 20;
  Rng rng(102);
  std::vector<float> y = rng.vec<float>(n), w = rng.vec<float>(n), x = rng.vec<float>(n, 0.2, 0.8);
  float p = 1.3f;
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x);
    DeviceScalar<float> d_p(p);
    CUAD_LAUNCH(sweepf, 1, 32, d_y.ptr, d_x.ptr, d_p.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), a_y(w), d_x(x), a_x(zeros<float>(n));
  DeviceScalar<float> d_p(p), a_p;
  CUAD_GRAD(CUAD_LAUNCH(sweepf_grad_0_1_2, 1, 32, d_y.ptr, d_x.ptr, d_p.ptr, n, a_y.ptr, a_x.ptr, a_p.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("p", a_p.value(), fd(p, loss));
  return check.finish();
}
