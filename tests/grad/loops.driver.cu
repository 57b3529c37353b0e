#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("loops");
  const int counts[] = {10, 5, 0};
  for (int p = 0; p < 3; ++p) {
    double x = 0.45 + 0.1 * p, y = -0.3 + 0.2 * p;
    auto loss = [&] { return loops(x, y, counts[p]); };
    double dx = 0, dy = 0;
    CUAD_GRAD(loops_grad_0_1(x, y, counts[p], &dx, &dy));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("y", p), dy, fd(y, loss));
  }
  return check.finish();
}
