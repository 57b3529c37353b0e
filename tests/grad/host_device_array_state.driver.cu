#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_device_array_state");
  const int n = 300;
  Rng rng(2501);
  std::vector<double> x = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(n, 0.0);
    run(dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(n, 0.0), a_x(n, 0.0), a_y(w);
  CUAD_GRAD(run_grad_0_1(dx.ptr, dy.ptr, n, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  // y is only written: its adjoint is consumed.
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(n, 0.0);
    run(dx.ptr, dy.ptr, n);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(n, 0.0), t_x(vx), t_y(n, 0.0);
  CUAD_GRAD(run_pushforward(dx.ptr, dy.ptr, n, t_x.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
