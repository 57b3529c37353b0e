#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_host_helper_loss");
  const int n = 120;
  const double lambda = 0.05;
  Rng rng(1407);
  std::vector<double> theta = {1.2, 0.4, 2.5, 0.3}, xs(n), target = rng.vec(n, -0.5, 0.5);
  for (int i = 0; i < n; ++i) xs[i] = 0.05 * i + 0.02 * rng.uniform(-1, 1);
  auto loss = [&] { return fit_loss(theta.data(), xs.data(), target.data(), n, lambda); };
  std::vector<double> ath(4, 0.0), ax(n, 0.0);
  CUAD_GRAD(fit_loss_grad_0_1(theta.data(), xs.data(), target.data(), n, lambda, ath.data(), ax.data()));
  check.array("theta", ath, fd(theta, loss));
  check.array("xs", ax, fd(xs, loss));
  return check.finish();
}
