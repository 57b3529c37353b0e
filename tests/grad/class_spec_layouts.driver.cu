#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("class_spec_layouts");
  Rng rng(2501);
  std::vector<double> x = rng.vec(6), out = {0.3, -0.2};
  auto run = [&](const std::vector<double>& x_) {
    DeviceArray<double> dx(x_), dout(out);
    CUAD_LAUNCH(k, 1, 1, dx.ptr, dout.ptr);
    return dout.get();
  };
  {
    // the primal picks each instance's own definition
    const std::vector<double> y = run(x);
    const double s = x[5];
    double w = 0.0;
    for (int i = 0; i < 4; ++i) w += x[i] * x[5 - i] * x[i] * x[5 - i];
    const double v = x[2] * s * x[3] * s + x[4] * s * x[4] * s;
    const double expect = 2.0 * (x[0] * x[0] + 3.0 * x[1] * x[1]) + v + 0.5 * w;
    check.expect(std::fabs(y[0] - expect) < 1e-12, "the primal uses the specializations");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> wt = {0.7, -1.3};
  auto loss = [&] {
    const std::vector<double> y = run(x);
    return wt[0] * y[0] + wt[1] * y[1];
  };
  DeviceArray<double> dx(x), dout(out), gx(zeros<double>(6)), gout(wt);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, 1, dx.ptr, dout.ptr, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(2));
#else
  const std::vector<double> vx = rng.vec(6);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dout(out), tx(vx), tout(zeros<double>(2));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 1, dx.ptr, dout.ptr, tx.ptr, tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), run(x));
#endif
#endif
  return check.finish();
}
