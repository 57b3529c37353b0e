#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_wave_snapshots");
  Rng rng(22308);
  const int n = 40, steps = 12, stride = 3;  // 4 snapshots, 160 history values
  std::vector<double> c2 = rng.vec(n, 0.6, 1.2), u0(n), obs = rng.vec((steps / stride) * n, -0.3, 0.3);
  for (int i = 0; i < n; ++i) {
    const double s = (i - 15.0) / 4.0;
    u0[i] = std::exp(-s * s) + 0.05 * rng.uniform(-1.0, 1.0);
  }
  auto loss = [&] { return wave_misfit(c2.data(), u0.data(), obs.data(), n, steps, stride); };
  std::vector<double> gc2(n, 0.0), gu0(n, 0.0), gobs(obs.size(), 0.0);
  CUAD_GRAD(wave_misfit_grad_0_1_2(c2.data(), u0.data(), obs.data(), n, steps, stride,
                                   gc2.data(), gu0.data(), gobs.data()));
  check.array("c2", gc2, fd(c2, loss));
  check.array("u0", gu0, fd(u0, loss));
  check.array("obs", gobs, fd(obs, loss));
  return check.finish();
}
