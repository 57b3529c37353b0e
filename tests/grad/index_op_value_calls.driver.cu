#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("index_op_value_calls");
  Rng rng(26021);
  const int n = 16;
  std::vector<double> x = rng.vec(3 * n), y = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(k, 1, 16, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), gx(zeros<double>(3 * n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 16, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(3 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, v)), dy(y);
    CUAD_LAUNCH(k, 1, 16, dx.ptr, dy.ptr, n);
    return as_doubles(dy.get());
  };
  DeviceArray<double> dx(x), tx(v), dy(y), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 16, dx.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
