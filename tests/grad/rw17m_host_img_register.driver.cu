#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_host_img_register");
  const int w = 14, h = 12, n = w * h;
  const double lambda = 0.3;
  Rng rng(1707);
  std::vector<double> fixed_img(n), moving(n);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double bx = (x - 6.5) / 4.0, by = (y - 5.0) / 3.5;
      moving[y * w + x] = std::exp(-bx * bx - by * by) + 0.1 * rng.uniform(-1.0, 1.0);
      fixed_img[y * w + x] = std::exp(-(bx - 0.3) * (bx - 0.3) - by * by) + 0.1 * rng.uniform(-1.0, 1.0);
    }
  // a small rotation + scale + fractional shift: no sample lands on a grid line
  std::vector<double> theta = {0.97, 0.081, 0.373, -0.067, 1.021, -0.289};
  auto loss = [&] { return registration_cost(fixed_img.data(), moving.data(), theta.data(), w, h, lambda); };
  std::vector<double> am(n, 0.0), at(6, 0.0);
  CUAD_GRAD(registration_cost_grad_1_2(fixed_img.data(), moving.data(), theta.data(), w, h, lambda, am.data(), at.data()));
  check.array("moving", am, fd(moving, loss));
  check.array("theta", at, fd(theta, loss));
  return check.finish();
}
