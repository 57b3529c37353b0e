#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("pointers");
  const int n = 6;
  Rng rng(3);
  std::vector<double> x = rng.vec(n), c = rng.vec(n);
  auto loss = [&] { return weighted(x.data(), c.data(), n); };
  std::vector<double> dx(n, 0.0), dc(n, 0.0);
  CUAD_GRAD(weighted_grad_0_1(x.data(), c.data(), n, dx.data(), dc.data()));
  check.array("x", dx, fd(x, loss));
  check.array("c", dc, fd(c, loss));
  return check.finish();
}
