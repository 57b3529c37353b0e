#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_field_ptr_args");
  Rng rng(4242);
  const int n = 6, steps = 3;
  std::vector<double> x = rng.vec(n, 0.3, 0.9), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> y(n);
    relax(x.data(), y.data(), n, steps);
    return dot(w, y);
  };
  std::vector<double> y(n), gx(n, 0.0), gy = w;
  CUAD_GRAD(relax_grad_0_1(x.data(), y.data(), n, steps, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> y(n);
    relax(along(x, t, v).data(), y.data(), n, steps);
    return y;
  };
  std::vector<double> y(n), vy(n, 0.0);
  CUAD_GRAD(relax_pushforward(x.data(), y.data(), n, steps, v.data(), vy.data()));
  check.array("y", vy, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
