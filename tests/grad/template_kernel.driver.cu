#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#define PRIMAL rows<double, 4>
#define GRADIENT rows_grad_0_1_2_3<double, 4>

int main() {
  Checker check("template_kernel");
  const int n = 70;
  Rng rng(43);
  std::vector<double> y = rng.vec(n), x = rng.vec(n), w = rng.vec(4 * n), wy = rng.vec(n);
  double bias = 0.3;
  auto loss = [&] {
#if CUAD_OUTPUT == 1
    DeviceArray<double> d_y(y), d_x(x), d_w(w);
    CUAD_LAUNCH(PRIMAL, 3, 32, d_y.ptr, d_x.ptr, d_w.ptr, bias, n);
    return dot(wy, d_y.get());
#else
    std::vector<double> o = y;
    run_rows(o.data(), x.data(), w.data(), n);
    return dot(wy, o);
#endif
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> d_y(y), d_x(x), d_w(w), a_y(wy), a_x(zeros<double>(n)),
      a_w(zeros<double>(4 * n));
  DeviceScalar<double> a_bias;
  CUAD_GRAD(CUAD_LAUNCH(GRADIENT, 3, 32, d_y.ptr, d_x.ptr, d_w.ptr, bias, n, a_y.ptr, a_x.ptr,
                        a_w.ptr, a_bias.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.scalar("bias", a_bias.value(), fd(bias, loss));
#else
  std::vector<double> o = y, a_y = wy, a_x(n, 0.0), a_w(4 * n, 0.0);
  CUAD_GRAD(run_rows_grad_0_1_2(o.data(), x.data(), w.data(), n, a_y.data(), a_x.data(), a_w.data()));
  check.array("y", a_y, fd(y, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("w", a_w, fd(w, loss));
#endif
  return check.finish();
}
