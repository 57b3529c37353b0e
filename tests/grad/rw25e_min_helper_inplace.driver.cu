#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_min_helper_inplace");
  Rng rng(25509);
  const int n = 5;
  std::vector<double> x = rng.vec(n, 0.3, 1.2);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xc = x;
    host_inplace_helper(xc.data(), n);
    return dot(w, xc);
  };
  // x is read and overwritten: its adjoint comes back as d L / d(input x), expected 2 w x
  std::vector<double> xc = x, gx = w;
  CUAD_GRAD(host_inplace_helper_grad_0(xc.data(), n, gx.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
