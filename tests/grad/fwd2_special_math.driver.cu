#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_special_math");
  // z > 2.5 takes the early return; x <= 0 takes cbrt
  const double points[4][3] = {{0.7, -0.4, 0.9}, {-1.3, 0.9, 1.7}, {0.2, 1.6, 3.1}, {1.1, 0.3, -0.8}};
  const double vx = 0.8, vy = -0.35, vz = 0.6;
  for (auto& p : points) {
    double x = p[0], y = p[1], z = p[2];
    auto outputs_at = [&](double t) {
      return std::vector<double>{f(along(x, t, vx), along(y, t, vy), along(z, t, vz))};
    };
    std::vector<double> fd = directional_fd<double>(outputs_at);
    double value = 0, tangent = 0;
    CUAD_GRAD(auto r = f_pushforward(x, y, z, vx, vy, vz); value = r.value; tangent = r.pushforward);
#if !defined(CUAD_SELFTEST)
    check.scalar("value", value, f(x, y, z));
#endif
    check.array("pushforward", std::vector<double>{tangent}, fd);
  }
  return check.finish();
}
