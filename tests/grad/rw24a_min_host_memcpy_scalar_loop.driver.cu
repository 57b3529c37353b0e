#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_min_host_memcpy_scalar_loop");
  Rng rng(24908);
  const int n = 5;
  std::vector<double> x = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
#if CUAD_OUTPUT == 1
    normalize_steps(x.data(), y.data(), n);
#else
    normalize_steps_sym(x.data(), y.data(), n);
#endif
    return dot(w, y);
  };
  std::vector<double> y(n), gx(n, 0.0), gy = w;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(normalize_steps_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
#else
  CUAD_GRAD(normalize_steps_sym_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
#endif
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
