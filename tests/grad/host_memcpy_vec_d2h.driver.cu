#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_memcpy_vec_d2h");
  const int n = 5;
  Rng rng(1);
  std::vector<double> x = rng.vec(2 * n), w = rng.vec(2 * n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> y(2 * n);
    scale2(x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> ax(2 * n, 0.0), ay = w, y(2 * n);
  CUAD_GRAD(scale2_grad_0_1(x.data(), y.data(), n, ax.data(), ay.data()));
  check.array("x", ax, fd(x, loss));
  check.array("y", ay, std::vector<double>(2 * n, 0.0));
#else
  std::vector<double> vx = rng.vec(2 * n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(2 * n);
    scale2(xs.data(), y.data(), n);
    return y;
  };
  std::vector<double> y(2 * n), d_y(2 * n, 123.0);
  CUAD_GRAD(scale2_pushforward(x.data(), y.data(), n, vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
