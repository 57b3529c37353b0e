#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_slab_slices");
  Rng rng(9071);
  const int n = 9;
  std::vector<double> x = rng.vec(n, -0.9, 0.9);
  double w = 0.8;
  auto loss = [&] { return slab_chain(x.data(), w, n); };
  std::vector<double> gx(n, 0.0);
  double gw = 0.0;
  CUAD_GRAD(slab_chain_grad_0_1(x.data(), w, n, gx.data(), &gw));
  check.array("x", gx, fd(x, loss));
  check.scalar("w", gw, fd(w, loss));
  return check.finish();
}
