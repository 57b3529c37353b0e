#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_managed");
  const int n = 50, iters = 3;
  Rng rng(526);
  std::vector<double> x = rng.vec(n), k = rng.vec(n, 0.5, 1.5);
  auto loss = [&] { return relax_managed(x.data(), k.data(), n, iters); };
  std::vector<double> a_x(n, 0.0), a_k(n, 0.0);
  CUAD_GRAD(relax_managed_grad_0_1(x.data(), k.data(), n, iters, a_x.data(), a_k.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("k", a_k, fd(k, loss));
  return check.finish();
}
