#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("trip_count");
  const double points[][2] = {{3.0, 0.7}, {0.05, 0.9}, {1.3, 0.55}};
  for (int p = 0; p < 3; ++p) {
    double x = points[p][0], r = points[p][1];
    auto loss = [&] { return settle(x, r); };
    double dx = 0, dr = 0;
    CUAD_GRAD(settle_grad(x, r, &dx, &dr));
    check.scalar(at("x", p), dx, fd(x, loss));
    check.scalar(at("r", p), dr, fd(r, loss));
  }
  return check.finish();
}
