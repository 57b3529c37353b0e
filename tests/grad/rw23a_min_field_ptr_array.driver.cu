#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_field_ptr_array");
  Rng rng(2308);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(2 * n);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> y(n, 0.0f);
    mul_slab(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<float> y(n, 0.0f), gx(2 * n, 0.0f), gy = w;
  CUAD_GRAD(mul_slab_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
