#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_min_lambda_calls_lambda");
  Rng rng(26904);
  const int n = 12;
  std::vector<double> x = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto run = [&](const std::vector<double>& xx) {
    DeviceArray<double> dx(xx), dout(zeros<double>(n));
    CUAD_LAUNCH(lambda_calls_lambda, 1, 32, dx.ptr, dout.ptr, n);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> dx(x), dout(zeros<double>(n)), gx(zeros<double>(n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(lambda_calls_lambda_grad_0_1, 1, 32, dx.ptr, dout.ptr, n, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dout(zeros<double>(n)), tx(vx), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(lambda_calls_lambda_pushforward, 1, 32, dx.ptr, dout.ptr, n, tx.ptr,
                        tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
