#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("switch_case");
  for (int mode = 0; mode < 5; ++mode) {
    double x = 0.3 + 0.2 * mode;
    auto loss = [&] { return choose(mode, x); };
    double dx = 0;
    CUAD_GRAD(choose_grad_1(mode, x, &dx));
    check.scalar(at("x/mode", mode), dx, fd(x, loss));
  }
  return check.finish();
}
