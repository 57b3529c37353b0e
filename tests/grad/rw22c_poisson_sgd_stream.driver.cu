#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_poisson_sgd_stream");
  Rng rng(22309);
  const int n = 24, d = 3, bs = 8, epochs = 3;  // 3 batches per epoch
  const double lr = 0.15;
  std::vector<double> X = rng.vec(n * d, -0.6, 0.6), y(n);
  for (int i = 0; i < n; ++i) y[i] = std::floor(rng.uniform(0.0, 4.0)) + 0.25;
  std::vector<double> w0 = rng.vec(d, -0.4, 0.4);
  const std::vector<double> ww = rng.vec(d);
  auto loss = [&] {
    std::vector<double> wo(d, 0.0);
    const double l = poisson_sgd(X.data(), y.data(), w0.data(), wo.data(), n, d, bs, epochs, lr);
    return l + dot(ww, wo);
  };
  std::vector<double> wo(d, 0.0), gX(n * d, 0.0), gy(n, 0.0), gw0(d, 0.0), gwo = ww;
  CUAD_GRAD(poisson_sgd_grad_0_1_2_3(X.data(), y.data(), w0.data(), wo.data(), n, d, bs, epochs,
                                     lr, gX.data(), gy.data(), gw0.data(), gwo.data()));
  check.array("X", gX, fd(X, loss));
  check.array("y", gy, fd(y, loss));
  check.array("w0", gw0, fd(w0, loss));
  check.array("w_out", gwo, std::vector<double>(d, 0.0));
  return check.finish();
}
