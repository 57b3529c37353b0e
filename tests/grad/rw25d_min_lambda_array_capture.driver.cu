#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_min_lambda_array_capture");
  Rng rng(25499);
  const int n = 5;
  std::vector<double> x = rng.vec(3 * n);
  auto run = [&](const std::vector<double>& xx) {
    DeviceArray<double> dx(xx), dout(zeros<double>(n));
    CUAD_LAUNCH(sq_sum, 1, 32, dx.ptr, dout.ptr, n);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> dx(x), dout(zeros<double>(n)), gx(zeros<double>(3 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(sq_sum_grad_0_1, 1, 32, dx.ptr, dout.ptr, n, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(3 * n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dout(zeros<double>(n)), tx(vx), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(sq_sum_pushforward, 1, 32, dx.ptr, dout.ptr, n, tx.ptr, tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
