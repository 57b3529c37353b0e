#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("nested_loops");
  const int n = 7;
  Rng rng(6);
  std::vector<double> a = rng.vec(n);
  auto loss = [&] { return nested(a.data(), n); };
  std::vector<double> da(n, 0.0);
  CUAD_GRAD(nested_grad_0(a.data(), n, da.data()));
  check.array("a", da, fd(a, loss));
  return check.finish();
}
