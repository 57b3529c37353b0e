#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_inplace_alias_sets");
  Rng rng(2332);
  const int n = 24;
  std::vector<float> x = rng.vec<float>(n, -0.8, 0.8);
  const std::vector<float> w = rng.vec<float>(2 * n);
  auto loss = [&] {
    std::vector<float> y(2 * n, 0.0f);
    run_sets(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<float> y(2 * n, 0.0f), gx(n, 0.0f), gy = w;
  CUAD_GRAD(run_sets_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(2 * n));
  return check.finish();
}
