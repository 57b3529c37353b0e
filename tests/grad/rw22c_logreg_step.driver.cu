#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_logreg_step");
  Rng rng(22302);
  const int n = 37, d = 4;  // two loss blocks, the second partial
  const double lr = 0.7, l2 = 0.05;
  std::vector<double> X = rng.vec(n * d, -1.5, 1.5), y(n);
  for (int i = 0; i < n; ++i) y[i] = rng.uniform(0.0, 1.0) < 0.5 ? 0.0 : 1.0;
  std::vector<double> w = rng.vec(d, -0.8, 0.8), b = {0.2};
  const std::vector<double> ww = rng.vec(d), wb = rng.vec(1);
  auto loss = [&] {
    std::vector<double> wc = w, bc = b;
    const double l = logreg_train_step(X.data(), y.data(), wc.data(), bc.data(), n, d, lr, l2);
    return l + dot(ww, wc) + dot(wb, bc);
  };
  std::vector<double> wc = w, bc = b, gX(n * d, 0.0), gy(n, 0.0), gw = ww, gb = wb;
  CUAD_GRAD(logreg_train_step_grad_0_1_2_3(X.data(), y.data(), wc.data(), bc.data(), n, d, lr,
                                           l2, gX.data(), gy.data(), gw.data(), gb.data()));
  check.array("X", gX, fd(X, loss));
  check.array("y", gy, fd(y, loss));
  check.array("w", gw, fd(w, loss));
  check.array("b", gb, fd(b, loss));
  return check.finish();
}
