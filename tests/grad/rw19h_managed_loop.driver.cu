#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("rw19h_managed_loop");
  const int n = 50;
  Rng rng(1908);
  std::vector<double> x0 = rng.vec(n, 0.5, 1.5);
  double gamma = 0.3;
  auto loss = [&] { return damped_iter(x0.data(), gamma, n, 7); };
  std::vector<double> gx(n, 0.0);
  double gg = 0.0;
  CUAD_GRAD(damped_iter_grad_0_1(x0.data(), gamma, n, 7, gx.data(), &gg));
  check.array("x0", gx, fd(x0, loss));
  check.scalar("gamma", gg, fd(gamma, loss));
  return check.finish();
}
