#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_lsq_fit");
  Rng rng(21007);
  const int n = 75, iters = 25;  // three blocks, the last partial
  const double lr = 0.8;
  std::vector<double> t(n), y(n);
  for (int i = 0; i < n; ++i) {
    t[i] = 3.0 * i / n;
    y[i] = 1.7 * std::exp(-0.9 * t[i]) + 0.3 + 0.05 * rng.uniform(-1.0, 1.0);
  }
  std::vector<double> p0 = {1.0, 0.5, 0.0};
  const std::vector<double> w = rng.vec(3);
  auto loss = [&] {
    std::vector<double> p(3, 0.0);
    fit_decay(t.data(), y.data(), p0.data(), p.data(), n, iters, lr);
    return dot(w, p);
  };
  std::vector<double> p(3, 0.0), gy(n, 0.0), gp0(3, 0.0), gp = w;
  CUAD_GRAD(fit_decay_grad_1_2_3(t.data(), y.data(), p0.data(), p.data(), n, iters, lr,
                                 gy.data(), gp0.data(), gp.data()));
  check.array("y", gy, fd(y, loss));
  check.array("p0", gp0, fd(p0, loss));
  check.array("p_out", gp, std::vector<double>(3, 0.0));
  return check.finish();
}
