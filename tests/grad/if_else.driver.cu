#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("if_else");
  const double points[][2] = {{1.5, 0.3}, {0.2, 0.7}, {0.2, -0.6}, {-1.2, 0.4}};
  for (int p = 0; p < 4; ++p) {
    double x = points[p][0], y = points[p][1];
    auto loss = [&] { return piecewise(x, y); };
    double dx = 0, dy = 0;
    CUAD_GRAD(piecewise_grad(x, y, &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
