#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw19h_managed");
  const int n = 40;
  Rng rng(1902);
  std::vector<double> x = rng.vec(n);
  double k = 1.3;
  auto loss = [&] { return managed_energy(x.data(), k, n); };
  std::vector<double> gx(n, 0.0);
  double gk = 0.0;
  CUAD_GRAD(managed_energy_grad_0_1(x.data(), k, n, gx.data(), &gk));
  check.array("x", gx, fd(x, loss));
  check.scalar("k", gk, fd(k, loss));
  return check.finish();
}
