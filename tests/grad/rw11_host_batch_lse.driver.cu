#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_host_batch_lse");
  const int nbatch = 5, n = 70;
  Rng rng(1103);
  std::vector<double> x = rng.vec(nbatch * n, -1.5, 1.5), theta = {0.3, -0.4, 0.1, 1.2, 0.7};
  // make batch maxima well separated
  for (int b = 0; b < nbatch; ++b)
    for (int i = 0; i < n; ++i) x[b * n + i] += 0.3 * b;
  auto loss = [&] {
    double o = 0;
    batch_score(x.data(), theta.data(), nbatch, n, &o);
    return 1.7 * o;
  };
  std::vector<double> a_x(nbatch * n, 0.0), a_th(5, 0.0);
  double o = 0, a_o = 1.7;
  CUAD_GRAD(batch_score_grad_0_1_4(x.data(), theta.data(), nbatch, n, &o, a_x.data(), a_th.data(),
                             &a_o));
  check.array("x", a_x, fd(x, loss));
  check.array("theta", a_th, fd(theta, loss));
  return check.finish();
}
