#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26e_min_host_wrapper_inplace");
  Rng rng(26591);
  const int n = 9;
  std::vector<double> a = rng.vec(n), x = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xc = x;
    scale_entry(a.data(), xc.data(), n);
    return dot(w, xc);
  };
  std::vector<double> ga(n, 0.0), gx = w, xc = x;
  CUAD_GRAD(scale_entry_grad_0_1(a.data(), xc.data(), n, ga.data(), gx.data()));
  check.array("a", ga, fd(a, loss));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
