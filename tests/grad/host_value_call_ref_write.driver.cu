#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_value_call_ref_write");
  double x = 0.6, y = -0.8, p = 1.3;
  auto loss = [&] { return mix(x, y, p); };
  double gx = 0.0, gy = 0.0, gp = 0.0;
  CUAD_GRAD(mix_grad(x, y, p, &gx, &gy, &gp));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
  check.scalar("p", gp, fd(p, loss));
  return check.finish();
}
