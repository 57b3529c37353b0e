#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("early_return");
  const double points[][2] = {{0.5, 1.5}, {0.3, 0.5}, {0.3, -0.5}};
  for (int p = 0; p < 3; ++p) {
    double x = points[p][0], y = points[p][1];
    auto loss = [&] { return early(x, y); };
    double dx = 0, dy = 0;
    CUAD_GRAD(early_grad(x, y, &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
