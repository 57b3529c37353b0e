#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_class_template");
  const int n = 40;
  Rng rng(317);
  std::vector<double> x = rng.vec(3 * n), vx = rng.vec(3 * n);
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(kt, 2, 32, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), d_x(zeros<double>(3 * n)), dy(zeros<double>(n)), d_y(w);
  CUAD_GRAD(CUAD_LAUNCH(kt_grad_1_2, 2, 32, n, dx.ptr, dy.ptr, d_x.ptr, d_y.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("y (only written)", d_y.get(), std::vector<double>(n, 0.0));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(zeros<double>(n));
    CUAD_LAUNCH(kt, 2, 32, n, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dy(zeros<double>(n)), d_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(kt_pushforward, 2, 32, n, dx.ptr, dy.ptr, d_x.ptr, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
