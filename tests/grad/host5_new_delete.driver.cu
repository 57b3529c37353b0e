#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host5_new_delete");
  const int n = 37;
  Rng rng(5404);
  std::vector<double> x = rng.vec(n, -1.0, 1.0), w = rng.vec(3, 0.5, 1.5), wy = rng.vec(n);
#if CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(n), vw = rng.vec(3);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), ws = along(w, t, vw), y(n);
    double r = weighted_norm(xs.data(), ws.data(), y.data(), n);
    y.push_back(r);
    return y;
  };
  std::vector<double> y(n), d_y(n, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = weighted_norm_pushforward(x.data(), w.data(), y.data(), n, vx.data(), vw.data(),
                                                d_y.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_y;
  got.push_back(tangent);
  check.array("y, r", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> y2(n);
  check.scalar("value", value, weighted_norm(x.data(), w.data(), y2.data(), n));
#endif
#else
  auto loss = [&] {
    std::vector<double> y(n);
    double r = weighted_norm(x.data(), w.data(), y.data(), n);
    return r + dot(wy, y);
  };
  std::vector<double> y(n), a_x(n, 0.0), a_w(3, 0.0), a_y = wy;
  CUAD_GRAD(weighted_norm_grad_0_1_2(x.data(), w.data(), y.data(), n, a_x.data(), a_w.data(), a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("w", a_w, fd(w, loss));
  check.array("y", a_y, std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
