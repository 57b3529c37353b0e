#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_min_vector_in_loop");
  const int n = 3, steps = 3;
  std::vector<double> x = {0.5, -0.3, 0.7};
#if CUAD_OUTPUT == 1
  auto loss = [&] { return steps_with_readback(x.data(), n, steps); };
  std::vector<double> gx(n, 0.0);
  CUAD_GRAD(steps_with_readback_grad_0(x.data(), n, steps, gx.data()));
  check.array("x", gx, fd(x, loss));
#else
  const std::vector<double> vx = {0.3, 0.2, -0.4};
  auto outputs_at = [&](double t) {
    std::vector<double> xx = along(x, t, vx);
    return std::vector<double>{steps_with_readback(xx.data(), n, steps)};
  };
  double tangent = 0.0;
  CUAD_GRAD(tangent = steps_with_readback_pushforward(x.data(), n, steps, vx.data()).pushforward);
  check.array("tangent", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
