#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_min_host_buffer_methods");
  const int n = 40;
  Rng rng(29301);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> y(n);
    run_sq(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y(n), g_x(n, 0.0), g_y = w;
  CUAD_GRAD(run_sq_grad_0_1(x.data(), y.data(), n, g_x.data(), g_y.data()));
  check.array("x", g_x, fd(x, loss));
  check.array("y", g_y, zeros<double>(n));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xv = along(x, t, vx), y(n);
    run_sq(xv.data(), y.data(), n);
    return y;
  };
  std::vector<double> y(n), t_y(n, 0.0);
  CUAD_GRAD(run_sq_pushforward(x.data(), y.data(), n, vx.data(), t_y.data()));
  check.array("y tangent", t_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
