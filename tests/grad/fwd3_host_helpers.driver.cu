#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_host_helpers");
  const int n = 50;
  Rng rng(315);
  std::vector<double> x = rng.vec(n, -2, 2), vx = rng.vec(n);
  double k = 0.3, vk = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    double r = peak_energy(n, xs.data(), along(k, t, vk), y.data());
    y.push_back(r);
    return y;
  };
  std::vector<double> y(n), d_y(n, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = peak_energy_pushforward(n, x.data(), k, y.data(), vx.data(), vk, d_y.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_y;
  got.push_back(tangent);
  check.array("y, peak", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> y2(n);
  check.scalar("value", value, peak_energy(n, x.data(), k, y2.data()));
#endif
  return check.finish();
}
