#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_extremum_element");
  const int rows = 4, cols = 5;
  // Entries on a spaced grid (shuffled), so no search changes its pick under a step.
  std::vector<double> x(rows * cols);
  for (int k = 0; k < rows * cols; ++k) x[k] = -2.0 + 0.2 * ((7 * k + 3) % (rows * cols)) + 0.01;
  Rng rng(26031);
  const std::vector<double> w = rng.vec(rows);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(rows, 0.0);
    stats(x.data(), out.data(), rows, cols);
    return dot(w, out);
  };
  std::vector<double> out(rows, 0.0), gx(rows * cols, 0.0), gout = w;
  CUAD_GRAD(stats_grad_0_1(x.data(), out.data(), rows, cols, gx.data(), gout.data()));
  check.array("x", gx, fd(x, loss));
#else
  const std::vector<double> v = rng.vec(rows * cols);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, v), out(rows, 0.0);
    stats(xs.data(), out.data(), rows, cols);
    return as_doubles(out);
  };
  std::vector<double> out(rows, 0.0), tout(rows, 0.0);
  CUAD_GRAD(stats_pushforward(x.data(), out.data(), rows, cols, v.data(), tout.data()));
  check.array("out", tout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
