#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_min_overload_tmpl_op");
  std::vector<double> m = {0.5, -0.3, 0.8, 1.1}, x = {0.7, -1.3};
  auto run = [&](const std::vector<double>& mm, const std::vector<double>& xx) {
    DeviceArray<double> d_m(mm), d_x(xx), d_y(zeros<double>(1));
    CUAD_LAUNCH(k, 1, 1, d_m.ptr, d_x.ptr, d_y.ptr);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const double w = 0.9;
  auto loss = [&] { return w * run(m, x)[0]; };
  DeviceArray<double> d_m(m), d_x(x), d_y(zeros<double>(1)), g_m(zeros<double>(4)), g_x(zeros<double>(2)),
      g_y(std::vector<double>{w});
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, 1, d_m.ptr, d_x.ptr, d_y.ptr, g_m.ptr, g_x.ptr, g_y.ptr));
  check.array("m", g_m.get(), fd(m, loss));
  check.array("x", g_x.get(), fd(x, loss));
  check.scalar("y", g_y.get()[0], 0.0);
#else
  const std::vector<double> vm = {0.1, 0.2, -0.3, 0.4}, vx = {0.4, 0.8}, vy = {0.3};
  auto outputs_at = [&](double t) { return run(along(m, t, vm), along(x, t, vx)); };
  DeviceArray<double> d_m(m), d_x(x), d_y(zeros<double>(1)), t_m(vm), t_x(vx), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 1, d_m.ptr, d_x.ptr, d_y.ptr, t_m.ptr, t_x.ptr, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
