#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_host_batch_norm");
  const int nb = 4, n = 37;
  Rng rng(1107);
  std::vector<double> x = rng.vec(nb * n), g = rng.vec(n, 0.5, 2.0), w = rng.vec(nb * n);
#if CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(nb * n), vg = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), gs = along(g, t, vg), y(nb * n);
    batch_center(xs.data(), gs.data(), y.data(), nb, n);
    return y;
  };
  std::vector<double> y(nb * n), d_y(nb * n, 1.0);
  int status = 7;
  CUAD_GRAD(status = batch_center_pushforward(x.data(), g.data(), y.data(), nb, n,
                                                    vx.data(), vg.data(), d_y.data()).value);
#if !defined(CUAD_SELFTEST)
  check.scalar("status", status, 0.0);
#endif
  check.array("y", d_y, directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    std::vector<double> y(nb * n);
    batch_center(x.data(), g.data(), y.data(), nb, n);
    return dot(w, y);
  };
  std::vector<double> y(nb * n), a_x(nb * n, 0.0), a_g(n, 0.0), a_y = w;
  CUAD_GRAD(batch_center_grad_0_1_2(x.data(), g.data(), y.data(), nb, n, a_x.data(), a_g.data(),
                                    a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("g", a_g, fd(g, loss));
  check.array("y", a_y, std::vector<double>(nb * n, 0.0));
#endif
  return check.finish();
}
