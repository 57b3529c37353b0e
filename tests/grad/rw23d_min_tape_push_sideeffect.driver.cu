#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_min_tape_push_sideeffect");
  Rng rng(23096);
  const int n = 12;
  std::vector<int> key = {2, 0, 1, 1, 0, 2, 0, 2, 1, 0, 1, 2};
  std::vector<double> w = rng.vec(n), g(n, 0.0);
  auto loss = [&] { return bucket_order_sum(w.data(), key.data(), n); };
  CUAD_GRAD(bucket_order_sum_grad_0(w.data(), key.data(), n, g.data()));
  check.array("w", g, fd(w, loss));
  return check.finish();
}
