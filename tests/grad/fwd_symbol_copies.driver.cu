#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_symbol_copies");
  const int n = 45, steps = 3;
  Rng rng(4411);
  std::vector<double> taps = rng.vec(4), bias = rng.vec(1), x = rng.vec(n);
  for (double& t : taps) t *= 0.5;
  std::vector<double> vt = rng.vec(4), vb = rng.vec(1), vx = rng.vec(n);
#if CUAD_OUTPUT == 2
  vx.assign(n, 0.0);
#endif
  auto outputs_at = [&](double t) {
    std::vector<double> ts = along(taps, t, vt), bs = along(bias, t, vb), xs = along(x, t, vx),
                        y(n);
    smooth(ts.data(), bs.data(), xs.data(), y.data(), n, steps);
    return y;
  };
  std::vector<double> y(n), d_y(n);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(smooth_pushforward(taps.data(), bias.data(), x.data(), y.data(), n, steps, vt.data(),
                               vb.data(), vx.data(), d_y.data()));
#else
  CUAD_GRAD(smooth_pushforward_0_1_3(taps.data(), bias.data(), x.data(), y.data(), n, steps,
                                     vt.data(), vb.data(), d_y.data()));
#endif
  check.array("y", d_y, directional_fd<double>(outputs_at));
  return check.finish();
}
