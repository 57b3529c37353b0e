#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host5_vector_struct");
  const int n = 41;
  Rng rng(5406);
  std::vector<double> x = rng.vec(n, -1.0, 1.0), y = rng.vec(n, -1.0, 1.0);
#if CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(n), vy = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), ys = along(y, t, vy);
    return std::vector<double>{pair_energy(xs.data(), ys.data(), n)};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = pair_energy_pushforward(x.data(), y.data(), n, vx.data(), vy.data());
            value = r.value; tangent = r.pushforward);
  check.array("e", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, pair_energy(x.data(), y.data(), n));
#endif
#else
  auto loss = [&] { return pair_energy(x.data(), y.data(), n); };
  std::vector<double> a_x(n, 0.0), a_y(n, 0.0);
  CUAD_GRAD(pair_energy_grad_0_1(x.data(), y.data(), n, a_x.data(), a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y, loss));
#endif
  return check.finish();
}
