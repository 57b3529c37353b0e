#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_horner_tmpl");
  const int n = 90, deg = 6;
  Rng rng(213);
  std::vector<float> x = rng.vec<float>(n, -1.5, 1.5), c = rng.vec<float>(deg + 1, 0.1, 0.5),
                     y = rng.vec<float>(n), w = rng.vec<float>(n);
  for (auto& v : x)
    if (std::fabs(v) < 0.02f) v = 0.3f;
  // positive coefficients: poly(|x|) > 0, away from copysignf's kink in its magnitude
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_c(c);
    CUAD_LAUNCH((poly_activation<float, 6>), 2, 32, d_y.ptr, d_x.ptr, d_c.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_c(c), a_y(w), a_x(zeros<float>(n)), a_c(zeros<float>(deg + 1));
  CUAD_GRAD(CUAD_LAUNCH((poly_activation_grad_0_1_2<float, 6>), 2, 32, d_y.ptr, d_x.ptr, d_c.ptr, n,
                        a_y.ptr, a_x.ptr, a_c.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("coef", a_c.get(), fd(c, loss));
  return check.finish();
}
