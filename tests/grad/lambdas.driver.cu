#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("lambdas");
#if CUAD_OUTPUT == 2
  const int n = 40;
  Rng rng(112);
  std::vector<double> y = rng.vec(n), x = rng.vec(n), w = rng.vec(n);
  double a = 0.4;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(squash<double>, 2, 32, d_y.ptr, d_x.ptr, a, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(squash_grad_0_1_2<double>, 2, 32, d_y.ptr, d_x.ptr, a, n, a_y.ptr, a_x.ptr,
                        a_a.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
#else
  const int n = 40, m = 5;
  Rng rng(111);
  std::vector<double> out = rng.vec(n), x = rng.vec(n * m), w = rng.vec(m), wt = rng.vec(n);
  double gain = 0.6;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x), d_w(w);
    CUAD_LAUNCH(blend, 2, 32, d_out.ptr, d_x.ptr, d_w.ptr, gain, n, m);
    return dot(wt, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), d_w(w), a_out(wt), a_x(zeros<double>(n * m)),
      a_w(zeros<double>(m));
  DeviceScalar<double> a_gain;
  CUAD_GRAD(CUAD_LAUNCH(blend_grad_0_1_2_3, 2, 32, d_out.ptr, d_x.ptr, d_w.ptr, gain, n, m,
                        a_out.ptr, a_x.ptr, a_w.ptr, a_gain.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.scalar("gain", a_gain.value(), fd(gain, loss));
  return check.finish();
#endif
}
