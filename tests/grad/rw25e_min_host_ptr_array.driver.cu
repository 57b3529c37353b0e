#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_min_host_ptr_array");
  Rng rng(25510);
  const int n = 6;
  std::vector<double> x = rng.vec(n), y(n, 0.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> yc(n);
    two_level_scale(x.data(), yc.data(), n);
    return dot(w, yc);
  };
  std::vector<double> gx(n, 0.0), gy = w;
  CUAD_GRAD(two_level_scale_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
