#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_const_array_refill");
  const int n = 45, steps = 4;
  Rng rng(2505);
  std::vector<double> taps = rng.vec(4), x = rng.vec(n);
  for (double& t : taps) t *= 0.5;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
    filter_steps(taps.data(), x.data(), y.data(), n, steps);
    return dot(w, y);
  };
  std::vector<double> y(n), a_taps(4, 0.0), a_x(n, 0.0), a_y = w;
  CUAD_GRAD(filter_steps_grad_0_1_2(taps.data(), x.data(), y.data(), n, steps, a_taps.data(),
                                    a_x.data(), a_y.data()));
  check.array("taps", a_taps, fd(taps, loss));
  check.array("x", a_x, fd(x, loss));
  // y is only written: its adjoint is consumed.
  check.array("y", a_y, std::vector<double>(n, 0.0));
#else
  std::vector<double> vt = rng.vec(4), vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> ts = along(taps, t, vt), xs = along(x, t, vx), y(n);
    filter_steps(ts.data(), xs.data(), y.data(), n, steps);
    return y;
  };
  std::vector<double> y(n), d_y(n);
  CUAD_GRAD(filter_steps_pushforward(taps.data(), x.data(), y.data(), n, steps, vt.data(),
                                     vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
