#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("overwrite_loop");
  const double points[][2] = {{0.8, 0.3}, {-1.1, 0.6}};
  for (int p = 0; p < 2; ++p) {
    double x = points[p][0], c = points[p][1];
    auto loss = [&] { return repeat_square(x, c); };
    double dx = 0, dc = 0;
    CUAD_GRAD(repeat_square_grad(x, c, &dx, &dc));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("c", p), dc, fd(c, loss));
  }
  return check.finish();
}
