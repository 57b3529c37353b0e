#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_symbols");
  Rng rng(8123);
  const int n = 45;
  std::vector<double> x = rng.vec(n, -0.9, 0.9), b = rng.vec(3, -0.9, 0.9), y = rng.vec(n);
  double a = 0.7;
  const std::vector<double> wy = rng.vec(n);
  auto loss = [&] {
    std::vector<double> c = y;
    shade(x.data(), a, b.data(), c.data(), n);
    return dot(wy, c);
  };
  std::vector<double> c = y, gx(n, 0.0), gb(3, 0.0), gy = wy;
  double ga = 0.0;
  CUAD_GRAD(shade_grad_0_1_2_3(x.data(), a, b.data(), c.data(), n, gx.data(), &ga, gb.data(),
                               gy.data()));
  check.array("x", gx, fd(x, loss));
  check.scalar("a", ga, fd(a, loss));
  check.array("b", gb, fd(b, loss));
  check.array("y", gy, fd(y, loss));
  return check.finish();
}
