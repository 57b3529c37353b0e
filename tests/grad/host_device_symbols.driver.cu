#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_device_symbols");
  const int n = 70;
  Rng rng(83);
  std::vector<double> w = rng.vec(ROWS * COLS), x = rng.vec(COLS * n), y = rng.vec(ROWS * n),
                      wy = rng.vec(ROWS * n);
  double scale = 0.8;
  auto loss = [&] {
    std::vector<double> o = y;
    run_layer(w.data(), scale, x.data(), o.data(), n);
    return dot(wy, o);
  };
  std::vector<double> o = y, a_w(ROWS * COLS, 0.0), a_x(COLS * n, 0.0), a_y = wy;
  double a_scale = 0.0;
  CUAD_GRAD(run_layer_grad_0_1_2_3(w.data(), scale, x.data(), o.data(), n, a_w.data(),
                                   &a_scale, a_x.data(), a_y.data()));
  check.array("w", a_w, fd(w, loss));
  check.scalar("scale", a_scale, fd(scale, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y, loss));
  return check.finish();
}
