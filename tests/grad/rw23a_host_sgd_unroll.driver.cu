#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_host_sgd_unroll");
  Rng rng(23111);
  const int n = 70, d = 5, steps = 4;  // two blocks of samples, the second partial
  const double beta = 3.0;
  std::vector<double> X = rng.vec(n * d), y = rng.vec(n, -2.0, 2.0), w0 = rng.vec(d, -0.5, 0.5);
  double lr = 0.4;
  auto loss = [&] { return unrolled_sgd_loss(X.data(), y.data(), w0.data(), lr, n, d, steps, beta); };
  std::vector<double> gX(n * d, 0.0), gy(n, 0.0), gw(d, 0.0);
  double glr = 0.0;
  CUAD_GRAD(unrolled_sgd_loss_grad_0_1_2_3(X.data(), y.data(), w0.data(), lr, n, d, steps, beta, gX.data(), gy.data(),
                                           gw.data(), &glr));
  check.array("X", gX, fd(X, loss));
  check.array("y", gy, fd(y, loss));
  check.array("w0", gw, fd(w0, loss));
  check.scalar("lr", glr, fd(lr, loss));
  return check.finish();
}
