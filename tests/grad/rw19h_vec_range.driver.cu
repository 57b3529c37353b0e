#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("rw19h_vec_range");
  const int n = 20;
  Rng rng(1907);
  std::vector<double> x = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { std::vector<double> y(n); f(x.data(), y.data(), n); return dot(w, y); };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(f_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, std::vector<double>(n, 0.0));
  return check.finish();
}
