#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_min_tmpl_partial_order");
  Rng rng(25393);
  std::vector<double> x = rng.vec(4), out = {0.3};
  auto run = [&](const std::vector<double>& x_) {
    DeviceArray<double> dx(x_), dout(out);
    CUAD_LAUNCH(k, 1, 1, dx.ptr, dout.ptr);
    return dout.get();
  };
  double fro = 0.0;
  for (double q : x) fro += q * q;
  check.expect(std::fabs(run(x)[0] - fro) < 1e-14, "the primal calls the Mat<D> overload");
#if CUAD_OUTPUT == 1
  const double w = 0.7;
  auto loss = [&] { return w * run(x)[0]; };
  DeviceArray<double> dx(x), dout(out), gx(zeros<double>(4)), gout(std::vector<double>{w});
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, 1, dx.ptr, dout.ptr, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(1));
#else
  const std::vector<double> vx = rng.vec(4);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dout(out), tx(vx), tout(zeros<double>(1));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 1, dx.ptr, dout.ptr, tx.ptr, tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), run(x));
#endif
#endif
  return check.finish();
}
