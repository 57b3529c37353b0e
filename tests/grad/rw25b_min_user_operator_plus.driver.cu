#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_min_user_operator_plus");
  double x = 0.3, y = -0.4;
  auto loss = [&] { return log_add_chain(x, y); };
  double gx = 0.0, gy = 0.0;
  CUAD_GRAD(log_add_chain_grad(x, y, &gx, &gy));
  check.scalar("x", gx, fd(x, loss));
  check.scalar("y", gy, fd(y, loss));
  return check.finish();
}
