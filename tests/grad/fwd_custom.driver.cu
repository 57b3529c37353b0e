#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_custom");
  double x = 0.7, y = -1.2, vx = 0.3, vy = 0.9;
  auto outputs_at = [&](double t) {
    return std::vector<double>{use_custom(along(x, t, vx), along(y, t, vy))};
  };
  std::vector<double> fd = directional_fd<double>(outputs_at);
  double tangent = 0;
  CUAD_GRAD(tangent = use_custom_pushforward(x, y, vx, vy).pushforward);
  check.array("pushforward", std::vector<double>{tangent}, fd);
#if !defined(CUAD_SELFTEST) && !defined(CUAD_RACECHECK)
  check.expect(custom_calls == 2, "the custom pushforward is called twice");
#endif
  return check.finish();
}
