#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("arith_basic");
  const double points[][2] = {{0.7, -1.3}, {-0.4, 0.9}, {2.1, 1.7}};
  for (int p = 0; p < 3; ++p) {
    double x = points[p][0], y = points[p][1];
    auto loss = [&] { return arith(x, y); };
    double dx = 0, dy = 0;
    CUAD_GRAD(arith_grad(x, y, &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
