#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_scratch_effect_store");
  Rng rng(2611);
  const int n = 10;
  std::vector<double> x = rng.vec(n, 0.5, 1.5);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    two_views(x.data(), n, y.data());
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(two_views_grad_0_2(x.data(), n, y.data(), gx.data(), gy.data()));
  check.array("x_h", gx, fd(x, loss));
  check.array("y_h (only written)", gy, zeros<double>(n));
  return check.finish();
}
