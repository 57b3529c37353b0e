#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_min_int_vector_helper");
  Rng rng(23297);
  const int n = 11;
  std::vector<double> x = rng.vec(n, -1.0, 1.0);
  for (auto& v : x)
    if (std::fabs(v) < 0.05) v += 0.1;  // away from the selection threshold
  auto loss = [&] { return pos_sq_sum(x.data(), n); };
  std::vector<double> gx(n, 0.0);
  CUAD_GRAD(pos_sq_sum_grad_0(x.data(), n, gx.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
