#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_math_zoo");
#if CUAD_OUTPUT == 2
  for (double x : {-0.7, 0.4, 1.3}) {
    double y = 0.3 - 0.4 * x, vx = 0.6, vy = -1.1;
    auto outputs_at = [&](double t) {
      return std::vector<double>{g(along(x, t, vx), along(y, t, vy))};
    };
    double value = 0, tangent = 0;
    CUAD_GRAD(auto r = g_pushforward(x, y, vx, vy); value = r.value; tangent = r.pushforward);
    check.array("g", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
    check.scalar("value", value, g(x, y));
#endif
  }
#else
  const int n = 50;
  Rng rng(301);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n), y = rng.vec(n), vy = rng.vec(n);
  // keep floor(3v+0.5) and fmod away from their jumps
  for (int i = 0; i < n; ++i) {
    y[i] = (std::floor(3.0 * y[i] + 0.5) + 0.2) / 3.0;
    double m = std::fmod(x[i] * 7.0 + 10.0, 1.7);
    if (m < 0.05 || m > 1.65) x[i] += 0.1 / 7.0;
    if (std::fabs(x[i] - 0.1) < 0.01) x[i] += 0.05;
  }
  double a = 0.7, va = 0.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy)), dout(zeros<double>(n));
    CUAD_LAUNCH(zoo, 2, 32, n, dx.ptr, dy.ptr, along(a, t, va), dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dx(x), d_x(vx), dy(y), d_y(vy), dout(zeros<double>(n)), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(zoo_pushforward, 2, 32, n, dx.ptr, dy.ptr, a, dout.ptr, d_x.ptr, d_y.ptr, va,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
