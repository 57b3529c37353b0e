#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_accumulate");
  const int n = 37;
  Rng rng(1602);
  std::vector<double> x = rng.vec(n, -1.0, 1.0);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return sum_losses(x.data(), n); };
  std::vector<double> ax(n, 0.0);
  CUAD_GRAD(sum_losses_grad_0(x.data(), n, ax.data()));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx);
    return std::vector<double>{sum_losses(xs.data(), n)};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = sum_losses_pushforward(x.data(), n, vx.data()); value = r.value;
            tangent = r.pushforward);
  check.array("loss", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, sum_losses(x.data(), n));
#endif
#endif
  return check.finish();
}
