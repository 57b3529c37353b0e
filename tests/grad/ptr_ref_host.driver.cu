#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_ref_host");
  const int n = 4;
  Rng rng(19);
  std::vector<double> x = rng.vec(3 * n + 1), y0(n, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> wy = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y = y0;
    double e = energy(x.data(), y.data(), n);
    return e + dot(wy, y);
  };
  std::vector<double> ax(x.size(), 0.0), y = y0, ay = wy;
  CUAD_GRAD(energy_grad_0_1(x.data(), y.data(), n, ax.data(), ay.data()));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(x.size());
  auto outputs_at = [&](double s) {
    std::vector<double> xs = along(x, s, vx), y = y0;
    double e = energy(xs.data(), y.data(), n);
    y.push_back(e);
    return y;
  };
  std::vector<double> y = y0, ty(n, 0.0);
  auto r = energy_pushforward(x.data(), y.data(), n, vx.data(), ty.data());
  ty.push_back(r.pushforward);
  check.array("y+e", ty, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
