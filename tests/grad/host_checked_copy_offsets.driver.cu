#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_checked_copy_offsets");
  Rng rng(1733);
  const int n = 5, k = 4;
  std::vector<double> x = rng.vec(n, -0.9, 0.9);
  auto loss = [&] { return snapshots(x.data(), n, k); };
  std::vector<double> g(n, 0.0);
  CUAD_GRAD(snapshots_grad_0(x.data(), n, k, g.data()));
  check.array("x", g, fd(x, loss));
  return check.finish();
}
