#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_min_vector_ctor");
  Rng rng(23298);
  const int n = 9;
  std::vector<double> x = rng.vec(n, -1.0, 1.0);
  auto loss = [&] { return weighted_reverse_dot(x.data(), n); };
  std::vector<double> gx(n, 0.0);
  CUAD_GRAD(weighted_reverse_dot_grad_0(x.data(), n, gx.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
