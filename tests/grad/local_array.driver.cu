#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_array");
  Rng rng(4);
  std::vector<double> a = rng.vec(3);
  double x = 0.83;
  auto loss = [&] { return horner(x, a.data()); };
  double dx = 0;
  std::vector<double> da(3, 0.0);
  CUAD_GRAD(horner_grad(x, a.data(), &dx, da.data()));
  check.scalar("x", dx, fd(x, loss));
  check.array("a", da, fd(a, loss));
  return check.finish();
}
