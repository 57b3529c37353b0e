#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("lambdas");
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
}
