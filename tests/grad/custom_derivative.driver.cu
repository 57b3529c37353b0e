#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("custom_derivative");
  double x = 0.7, y = -1.2;
  std::vector<double> v = {0.4, -0.9};
  auto loss = [&] { return use_custom(x, y, v.data()); };
  double dx = 0, dy = 0;
  std::vector<double> dv(2, 0.0);
  CUAD_GRAD(use_custom_grad(x, y, v.data(), &dx, &dy, dv.data()));
  int calls_by_gradient = custom_calls;
  check.scalar("x", dx, fd(x, loss));
  check.scalar("y", dy, fd(y, loss));
  check.array("v", dv, fd(v, loss));
#if !defined(CUAD_SELFTEST)
  check.expect(calls_by_gradient >= 3, "the gradient calls both custom pullbacks");
#else
  (void)calls_by_gradient;
#endif
  return check.finish();
}
