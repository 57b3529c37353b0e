#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("struct_byval");
  Params p{1.7, -0.6, 3};
  double x = 0.9;
  auto loss = [&] { return energy(p, x); };
  Params dp{0.0, 0.0, 0};
  double dx = 0;
  CUAD_GRAD(energy_grad(p, x, &dp, &dx));
  check.scalar("p.k", dp.k, fd(p.k, loss));
  check.scalar("p.c", dp.c, fd(p.c, loss));
  check.scalar("x", dx, fd(x, loss));
  return check.finish();
}
