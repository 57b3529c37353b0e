#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("casts_compare");
  const double points[][2] = {{0.37, 1.3}, {-0.81, -1.6}, {1.13, 0.2}, {0.2, 0.45}};
  for (int p = 0; p < 4; ++p) {
    double x = points[p][0], y = points[p][1];
    auto loss = [&] { return casts(x, y); };
    double dx = 0, dy = 0;
    CUAD_GRAD(casts_grad(x, y, &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
