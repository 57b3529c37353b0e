#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_scalar_math");
  const double points[3][2] = {{0.7, -0.4}, {-1.3, 0.9}, {0.2, 1.6}};
  const double vx = 0.8, vy = -0.35;
  for (auto& p : points) {
    double x = p[0], y = p[1];
    auto outputs_at = [&](double t) {
      return std::vector<double>{f(along(x, t, vx), along(y, t, vy))};
    };
    std::vector<double> fd = directional_fd<double>(outputs_at);
    double value = 0, tangent = 0;
    CUAD_GRAD(auto r = f_pushforward(x, y, vx, vy); value = r.value; tangent = r.pushforward);
#if !defined(CUAD_SELFTEST)
    check.scalar("value", value, f(x, y));
#endif
    check.array("pushforward", std::vector<double>{tangent}, fd);
  }
  return check.finish();
}
