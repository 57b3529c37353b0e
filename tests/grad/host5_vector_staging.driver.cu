#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host5_vector_staging");
  const int n = 45;
  Rng rng(5402);
  std::vector<double> x = rng.vec(n, -1.0, 1.0), w = rng.vec(n);
  double scale = 0.8;
#if CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(n);
  double vs = 0.6;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    double e = energy(xs.data(), along(scale, t, vs), y.data(), n);
    y.push_back(e);
    return y;
  };
  std::vector<double> y(n), d_y(n, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = energy_pushforward(x.data(), scale, y.data(), n, vx.data(), vs, d_y.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_y;
  got.push_back(tangent);
  check.array("y, e", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> y2(n);
  check.scalar("value", value, energy(x.data(), scale, y2.data(), n));
#endif
#else
  auto loss = [&] {
    std::vector<double> y(n);
    double e = energy(x.data(), scale, y.data(), n);
    return e + dot(w, y);
  };
  std::vector<double> y(n), a_x(n, 0.0), a_y = w;
  double a_s = 0.0;
  CUAD_GRAD(energy_grad_0_1_2(x.data(), scale, y.data(), n, a_x.data(), &a_s, a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.scalar("scale", a_s, fd(scale, loss));
  check.array("y", a_y, std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
