#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_offsets");
  const int n = 100;
  Rng rng(53);
  std::vector<double> h = rng.vec(n);
  double a = 0.7;
  auto loss = [&] { return run(h.data(), n, a); };
  std::vector<double> a_h(n, 0.0);
  double a_a = 0.0;
  CUAD_GRAD(run_grad_0_2(h.data(), n, a, a_h.data(), &a_a));
  check.array("h", a_h, fd(h, loss));
  check.scalar("a", a_a, fd(a, loss));
  return check.finish();
}
