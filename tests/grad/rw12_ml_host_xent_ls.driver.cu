#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_host_xent_ls");
  const int N = 6, V = 45;
  const double eps = 0.1;
  Rng rng(12009);
  std::vector<double> logits = rng.vec(N * V, -3.0, 3.0);
  const std::vector<int> targets = {3, 44, 0, 17, 17, 31};
  auto loss = [&] { return 1.3 * xent_forward(logits.data(), targets.data(), N, V, eps); };
  std::vector<double> a_l = zeros<double>(N * V);
  CUAD_GRAD(xent_forward_grad_0(logits.data(), targets.data(), N, V, eps, a_l.data()));
  for (double& a : a_l) a *= 1.3;
  check.array("logits", a_l, fd(logits, loss));
  return check.finish();
}
