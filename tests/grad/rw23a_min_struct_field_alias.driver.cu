#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_struct_field_alias");
  Rng rng(2305);
  const int n = 24;
  std::vector<float> x = rng.vec<float>(n);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> y(n, 0.0f);
    run_inplace(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<float> y(n, 0.0f), gx(n, 0.0f), gy = w;
  CUAD_GRAD(run_inplace_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
