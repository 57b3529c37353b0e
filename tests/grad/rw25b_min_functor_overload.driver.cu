#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_min_functor_overload");
  double x = 0.7, y = -1.3, k = 0.9;
  auto loss = [&] { return combine(x, y, Scale{k}); };
  double gx = 0.0, gy = 0.0;
  Scale gop{0.0};
  CUAD_GRAD(combine_grad(x, y, Scale{k}, &gx, &gy, &gop));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
  check.scalar("k", gop.k, fd(k, loss));
  return check.finish();
}
