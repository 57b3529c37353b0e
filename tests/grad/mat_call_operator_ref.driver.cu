#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("mat_call_operator_ref");
  const int n = 3;
  std::vector<double> W = {0.7, -1.3, 0.4, 2.1}, x = {0.5, -0.9, 1.2}, w = {1.5, -0.4, 0.8};
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dW(W), dx(x), dout(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dW.ptr, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dW(W), dx(x), dout(n, 0.0), aW(zeros<double>(4)), ax(zeros<double>(n)),
      aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dW.ptr, dx.ptr, dout.ptr, aW.ptr, ax.ptr, aout.ptr));
  check.array("W", aW.get(), fd(W, loss));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vW = {0.4, 0.9, -0.2, 0.3}, vx = {-0.6, 0.2, 0.7};
  auto outputs_at = [&](double s) {
    DeviceArray<double> dW(along(W, s, vW)), dx(along(x, s, vx)), dout(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dW.ptr, dx.ptr, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dW(W), dx(x), dout(n, 0.0), tW(vW), tx(vx), tout(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dW.ptr, dx.ptr, dout.ptr, tW.ptr, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
