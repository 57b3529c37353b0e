#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("user_op_partials");
  const int n = 4;
  Rng rng(7);
  std::vector<double> x(2 * n);
  for (auto& v : x) v = rng.uniform(-0.5, 0.5);
  double s0 = 0.8;
#if CUAD_OUTPUT == 1
  auto loss = [&] { return run(x.data(), s0, n); };
  std::vector<double> gx(2 * n, 0.0);
  double gs = 0.0;
  CUAD_GRAD(run_grad_0_1(x.data(), s0, n, gx.data(), &gs));
  std::vector<double> fx(2 * n);
  for (int k = 0; k < 2 * n; ++k) fx[k] = fd(x[k], loss);
  check.array("x", gx, fx);
  check.scalar("s0", gs, fd(s0, loss));
#else
  std::vector<double> vx(2 * n);
  for (auto& v : vx) v = rng.uniform(-1.0, 1.0);
  const double vs = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> xt(2 * n);
    for (int k = 0; k < 2 * n; ++k) xt[k] = along(x[k], t, vx[k]);
    return std::vector<double>{run(xt.data(), along(s0, t, vs), n)};
  };
  std::vector<double> fd = directional_fd<double>(outputs_at);
  double value = 0, tangent = 0;
  CUAD_GRAD({
    auto r = run_pushforward(x.data(), s0, n, vx.data(), vs);
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, run(x.data(), s0, n));
  check.array("pushforward", std::vector<double>{tangent}, fd);
#endif
  return check.finish();
}
