#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("includes_std");
  const double points[][2] = {{0.6, 1.7}, {2.3, 0.4}};
  for (int p = 0; p < 2; ++p) {
    double x = points[p][0], y = points[p][1];
    auto loss = [&] { return std_math(x, y); };
    double dx = 0, dy = 0;
    CUAD_GRAD(std_math_grad(x, y, &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
