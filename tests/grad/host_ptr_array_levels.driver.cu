#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_ptr_array_levels");
  Rng rng(25612);
  const int n = 10;
  std::vector<double> x = rng.vec(n, 0.2, 1.2);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
    levels(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(levels_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    levels(xs.data(), y.data(), n);
    return y;
  };
  std::vector<double> y(n), vy(n, 0.0), d_y(n, 0.0);
  CUAD_GRAD(levels_pushforward(x.data(), y.data(), n, vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
