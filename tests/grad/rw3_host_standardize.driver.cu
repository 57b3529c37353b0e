#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_host_standardize");
  const int n = 150;
  Rng rng(3105);
  std::vector<double> x = rng.vec(n, -1.0, 2.0), gain = rng.vec(4, 0.5, 1.5), w = rng.vec(n);
#if CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(n), vg = rng.vec(4);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), gs = along(gain, t, vg), y(n);
    double var = standardize(xs.data(), gs.data(), y.data(), n);
    y.push_back(var);
    return y;
  };
  std::vector<double> y(n), d_y(n, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = standardize_pushforward(x.data(), gain.data(), y.data(), n, vx.data(), vg.data(),
                                             d_y.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_y;
  got.push_back(tangent);
  check.array("y, var", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> y2(n);
  check.scalar("value", value, standardize(x.data(), gain.data(), y2.data(), n));
#endif
#else
  const double wv = 0.8;
  auto loss = [&] {
    std::vector<double> y(n);
    double var = standardize(x.data(), gain.data(), y.data(), n);
    return wv * var + dot(w, y);
  };
  std::vector<double> y(n), a_x(n, 0.0), a_g(4, 0.0), a_y = w;
  // the return value's seed is 1: scale the output seed instead
  for (double& v : a_y) v /= wv;
  CUAD_GRAD(standardize_grad_0_1_2(x.data(), gain.data(), y.data(), n, a_x.data(), a_g.data(),
                                   a_y.data()));
  for (double& v : a_x) v *= wv;
  for (double& v : a_g) v *= wv;
  check.array("x", a_x, fd(x, loss));
  check.array("gain", a_g, fd(gain, loss));
  check.array("y", a_y, std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
