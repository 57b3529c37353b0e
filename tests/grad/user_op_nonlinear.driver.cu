#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("user_op_nonlinear");
  double x = 0.3, y = -0.4;
#if CUAD_OUTPUT == 1
  auto loss = [&] { return chain(x, y); };
  double gx = 0.0, gy = 0.0;
  CUAD_GRAD(chain_grad(x, y, &gx, &gy));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
#else
  const double vx = 0.7, vy = -1.3;
  auto outputs_at = [&](double t) {
    return std::vector<double>{chain(along(x, t, vx), along(y, t, vy))};
  };
  std::vector<double> fd = directional_fd<double>(outputs_at);
  double value = 0, tangent = 0;
  CUAD_GRAD({
    auto r = chain_pushforward(x, y, vx, vy);
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, chain(x, y));
  check.array("pushforward", std::vector<double>{tangent}, fd);
#endif
  return check.finish();
}
