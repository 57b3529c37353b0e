#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("lambda_array_capture_kinds");
  Rng rng(26011);
  const int n = 64;
  std::vector<double> x = rng.vec(2 * n), out = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(k, 1, 64, n, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), gx(zeros<double>(2 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, 64, n, dx.ptr, dout.ptr, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(2 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, v)), dout(out);
    CUAD_LAUNCH(k, 1, 64, n, dx.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), tx(v), dout(out), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 64, n, dx.ptr, dout.ptr, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
