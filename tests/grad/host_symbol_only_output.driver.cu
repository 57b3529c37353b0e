#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_symbol_only_output");
  Rng rng(2612);
  const int n = 20;
  std::vector<double> a = {0.7, -0.3}, x = rng.vec(n);
  const double w = 1.3;
  auto loss = [&] {
    double r = 0.0;
    sym_sum(a.data(), x.data(), n, &r);
    return w * r;
  };
  std::vector<double> ga(2, 0.0);
  double r = 0.0, gr = w;
  CUAD_GRAD(sym_sum_grad_0_3(a.data(), x.data(), n, &r, ga.data(), &gr));
  check.array("a", ga, fd(a, loss));
  check.array("result (only written)", std::vector<double>{gr}, zeros<double>(1));
  return check.finish();
}
