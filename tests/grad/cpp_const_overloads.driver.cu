#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_const_overloads");
  const int n = 24;
  Rng rng(5);
  std::vector<float> x = rng.vec<float>(4 * n, -1.0, 1.0), y = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(y);
    CUAD_LAUNCH(det2, 2, 16, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(y), a_x(zeros<float>(4 * n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(det2_grad_0_1, 2, 16, d_x.ptr, d_y.ptr, n, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
