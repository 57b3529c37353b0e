#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_host_null_optional");
  Rng rng(2304);
  const int n = 40;
  const float a = 1.3f;
  std::vector<float> x = rng.vec<float>(n);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> y(n, 0.0f);
    scale_host(x.data(), y.data(), a, n);
    return dot(w, y);
  };
  std::vector<float> y(n, 0.0f), gx(n, 0.0f), gy = w;
  CUAD_GRAD(scale_host_grad_0_1(x.data(), y.data(), a, n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
