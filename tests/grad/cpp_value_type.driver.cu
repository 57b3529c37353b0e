#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
using V3 = Vec<double, 3>;  // one macro argument

int main() {
  Checker check("cpp_value_type");
  const int n = 40;
  Rng rng(38);
  std::vector<double> x = rng.vec(3 * n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
#if CUAD_OUTPUT == 2
    CUAD_LAUNCH(rownorm_t<V3>, 2, 32, dy.ptr, dx.ptr, n);
#else
    CUAD_LAUNCH(rownorm, 2, 32, dy.ptr, dx.ptr, n);
#endif
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), d_y(w), d_x(zeros<double>(3 * n));
#if CUAD_OUTPUT == 2
  CUAD_GRAD(CUAD_LAUNCH(rownorm_t_grad_0_1<V3>, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr,
                        d_x.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(rownorm_grad_0_1, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
#endif
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
