#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_device_array_copies");
  const int steps = 3, m = N + 4;
  Rng rng(2503);
  std::vector<double> x = rng.vec(N);
  double a = 0.3;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    std::vector<double> y(m, 0.0);
    run(x.data(), a, y.data(), steps);
    return dot(w, y);
  };
  std::vector<double> y(m, 0.0), a_x(N, 0.0), a_y = w;
  double a_a = 0.0;
  CUAD_GRAD(run_grad_0_1_2(x.data(), a, y.data(), steps, a_x.data(), &a_a, a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.scalar("a", a_a, fd(a, loss));
  // y is only written: its adjoint is consumed.
  check.array("y", a_y, std::vector<double>(m, 0.0));
#else
  std::vector<double> vx = rng.vec(N);
  const double va = 0.5;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(m, 0.0);
    run(xs.data(), a + t * va, y.data(), steps);
    return y;
  };
  std::vector<double> y(m, 0.0), d_y(m, 0.0);
  CUAD_GRAD(run_pushforward(x.data(), a, y.data(), steps, vx.data(), va, d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
