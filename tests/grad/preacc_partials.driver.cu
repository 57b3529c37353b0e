#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("preacc_partials");
  const int n = 90;
  Rng rng(21);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n), out = rng.vec(n);
  for (int k = 0; k < n; k += 4) y[k] = -y[k] - 0.1;  // both sides of `b > 0`
  double s = 0.7;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x), d_y(y);
    CUAD_LAUNCH(preacc, 2, 64, d_out.ptr, d_x.ptr, d_y.ptr, s, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), d_y(y), a_out(w), a_x(zeros<double>(n)),
      a_y(zeros<double>(n));
  DeviceScalar<double> a_s;
  CUAD_GRAD(CUAD_LAUNCH(preacc_grad_0_1_2_3, 2, 64, d_out.ptr, d_x.ptr, d_y.ptr, s, n,
                        a_out.ptr, a_x.ptr, a_y.ptr, a_s.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
#else
  const int m = 12;
  auto loss = [&] { return preacc_value(x.data(), s, m); };
  std::vector<double> a_x(n, 0.0);
  double a_s = 0.0;
  CUAD_GRAD(preacc_value_grad_0_1(x.data(), s, m, a_x.data(), &a_s));
  check.array("x", a_x, fd(x, loss));
  check.scalar("s", a_s, fd(s, loss));
#endif
  return check.finish();
}
