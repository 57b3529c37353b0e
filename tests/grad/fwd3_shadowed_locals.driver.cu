#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_shadowed_locals");
  const int n = 40;
  Rng rng(310);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n);
  double w = 0.7, vw = -0.4;
#if CUAD_OUTPUT == 2
  std::vector<double> wy = rng.vec(n);
  auto loss = [&]() {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(relax, 2, 32, n, dx.ptr, w, dy.ptr);
    return dot(wy, dy.get());
  };
  DeviceArray<double> dx(x), d_x(zeros<double>(n)), dy(zeros<double>(n)), d_y(wy);
  DeviceScalar<double> d_w(0.0);
  CUAD_GRAD(CUAD_LAUNCH(relax_grad_1_2_3, 2, 32, n, dx.ptr, w, dy.ptr, d_x.ptr, d_w.ptr, d_y.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.scalar("w", d_w.value(), fd(w, loss));
  check.array("y (only written)", d_y.get(), std::vector<double>(n, 0.0));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(zeros<double>(n));
    CUAD_LAUNCH(relax, 2, 32, n, dx.ptr, along(w, t, vw), dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dy(zeros<double>(n)), d_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(relax_pushforward, 2, 32, n, dx.ptr, w, dy.ptr, d_x.ptr, vw, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
