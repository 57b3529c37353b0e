#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_min_realloc_index");
  Rng rng(23296);
  const int n = 7, steps = 4;
  std::vector<double> x = rng.vec(n, -1.0, 1.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xc = x;
    gather_steps(xc.data(), n, steps);
    return dot(w, xc);
  };
  std::vector<double> xc = x, gx = w;
  CUAD_GRAD(gather_steps_grad_0(xc.data(), n, steps, gx.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
