#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("variadic_host_sizeof");
  const int n = 12;
  Rng rng(4402);
  std::vector<double> x = rng.vec(n, 0.2, 1.5), vx = rng.vec(n);
  double y = 0.8, vy = 0.3;
#if CUAD_OUTPUT == 2
  auto outputs_at = [&](double t) {
    std::vector<double> xt = along(x, t, vx);
    return std::vector<double>{host_stats(xt.data(), along(y, t, vy), n)};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = host_stats_pushforward(x.data(), y, n, vx.data(), vy);
            value = r.value; tangent = r.pushforward);
  check.array("tangent", std::vector<double>(1, tangent), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, host_stats(x.data(), y, n));
#endif
#else
  auto loss = [&] { return host_stats(x.data(), y, n); };
  std::vector<double> a_x = zeros<double>(n);
  double a_y = 0.0;
  CUAD_GRAD(host_stats_grad_0_1(x.data(), y, n, a_x.data(), &a_y));
  check.array("x", a_x, fd(x, loss));
  check.scalar("y", a_y, fd(y, loss));
#endif
  return check.finish();
}
