#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_partial_order_types");
  Rng rng(2502);
  std::vector<double> x = rng.vec(6), out = {0.3, -0.2};
  auto run = [&](const std::vector<double>& x_) {
    DeviceArray<double> dx(x_), dout(out);
    CUAD_LAUNCH(k, 1, 1, dx.ptr, dout.ptr);
    return dout.get();
  };
  {
    double e = 0.0;
    for (int i = 0; i < 6; ++i) e += (i < 3 ? 1.0 : 2.0) * x[i] * x[i];
    const double y0 = e + x[1] * x[2] * 3.0 + x[3] * 2;
    check.expect(std::fabs(run(x)[0] - y0) < 1e-12, "the primal calls the specialized overloads");
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
