#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_pointer_select");
  const int n = 50;
  Rng rng(319);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n), vel = rng.vec(n), vv = rng.vec(n);
  for (double& v : vel)  // away from the sign test
    if (std::fabs(v) < 0.05) v = 0.1;
  double dt = 0.4, vdt = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dv(along(vel, t, vv)), dy(zeros<double>(n));
    CUAD_LAUNCH(upwind, 2, 32, n, dx.ptr, dv.ptr, along(dt, t, vdt), dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dv(vel), d_v(vv), dy(zeros<double>(n)), d_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(upwind_pushforward, 2, 32, n, dx.ptr, dv.ptr, dt, dy.ptr, d_x.ptr, d_v.ptr, vdt, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
