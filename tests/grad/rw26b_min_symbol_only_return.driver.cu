#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_min_symbol_only_return");
  Rng rng(26902);
  const int n = 20;
  std::vector<double> a = {0.7, -0.3}, x = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return sym_sum(a.data(), x.data(), n); };
  std::vector<double> ga(2, 0.0);
  CUAD_GRAD(sym_sum_grad_0(a.data(), x.data(), n, ga.data()));
  check.array("a", ga, fd(a, loss));
#else
  const std::vector<double> va = {0.4, 1.1};
  auto outputs_at = [&](double t) {
    std::vector<double> aa = along(a, t, va);
    return std::vector<double>{sym_sum(aa.data(), x.data(), n)};
  };
#if !defined(CUAD_SELFTEST)
  const double tv = sym_sum_pushforward_0(a.data(), x.data(), n, va.data()).pushforward;
#else
  const double tv = 0.0;
#endif
  check.array("tangent", std::vector<double>{tv}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
