#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw19h_two_level_ptr");
  const int n = 150;
  Rng rng(1905);
  std::vector<float> x = rng.vec<float>(n), coef = {0.9f, 0.4f};
  auto loss = [&] { return (double)model_loss(x.data(), coef.data(), n); };
  std::vector<float> gx(n, 0.0f), gc(2, 0.0f);
  CUAD_GRAD(model_loss_grad_0_1(x.data(), coef.data(), n, gx.data(), gc.data()));
  check.array("x", gx, fd(x, loss));
  check.array("coef", gc, fd(coef, loss));
  return check.finish();
}
