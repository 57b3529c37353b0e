#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_value_kernel");
  const int n = 100;
  Rng rng(28);
  std::vector<double> x = rng.vec(n);
  double k = 0.7;
  auto loss = [&] { return run_energy(x.data(), k, n); };
  std::vector<double> a_x(n, 0.0);
  double a_k = 0.0;
  CUAD_GRAD(run_energy_grad_0_1(x.data(), k, n, a_x.data(), &a_k));
  check.array("x", a_x, fd(x, loss));
  check.scalar("k", a_k, fd(k, loss));
  return check.finish();
}
