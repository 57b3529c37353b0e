#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_host_max_element");
  Rng rng(25997);
  const int n = 9;
  std::vector<double> x = rng.vec(n, 0.5, 1.5);
  x[4] = 2.0;  // unique maximum
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    scaled_step(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(scaled_step_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
