#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26e_min_raii_ctor_alloc");
  Rng rng(26593);
  const int n = 7;
  std::vector<double> x = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    square_on_device(n, x.data(), y.data());
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(square_on_device_grad_1_2(n, x.data(), y.data(), gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
