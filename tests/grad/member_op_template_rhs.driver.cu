#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("member_op_template_rhs");
  std::vector<double> x = {0.7, -1.3}, w = {1.5};
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(1, 0.0);
    CUAD_LAUNCH(k, 1, 1, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(1, 0.0), ax(zeros<double>(2)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, 1, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = {0.4, 0.9};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(1, 0.0);
    CUAD_LAUNCH(k, 1, 1, dx.ptr, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(1, 0.0), tx(vx), tout(1, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 1, dx.ptr, dout.ptr, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
