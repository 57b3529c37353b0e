#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("method_overload_types");
  double x = 0.6, y = -0.8;
  Poly p{1.3, -0.7};
#if CUAD_OUTPUT == 1
  auto loss = [&] { return mix(x, y, p); };
  double gx = 0.0, gy = 0.0;
  Poly gp{0.0, 0.0};
  CUAD_GRAD(mix_grad(x, y, p, &gx, &gy, &gp));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
  check.scalar("p.c0", gp.c0, fd(p.c0, loss));
  check.scalar("p.c1", gp.c1, fd(p.c1, loss));
#else
  const double vx = 0.4, vy = -1.1;
  auto outputs_at = [&](double t) {
    return std::vector<double>{mix(along(x, t, vx), along(y, t, vy), p)};
  };
  std::vector<double> fd = directional_fd<double>(outputs_at);
  double value = 0, tangent = 0;
  CUAD_GRAD({
    auto r = mix_pushforward_0_1(x, y, p, vx, vy);
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, mix(x, y, p));
  check.array("pushforward", std::vector<double>{tangent}, fd);
#endif
  return check.finish();
}
