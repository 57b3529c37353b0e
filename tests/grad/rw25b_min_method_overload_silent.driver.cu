#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_min_method_overload_silent");
  double x = 0.7, y = -1.3;
  std::vector<double> c = {0.9, 0.4};
  auto loss = [&] { return poly_mix(x, y, Poly{c[0], c[1]}); };
  double gx = 0.0, gy = 0.0;
  Poly gp{0.0, 0.0};
  CUAD_GRAD(poly_mix_grad(x, y, Poly{c[0], c[1]}, &gx, &gy, &gp));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
  check.array("p", std::vector<double>{gp.c0, gp.c1}, fd(c, loss));
  return check.finish();
}
