#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15c_policy_reduce");
  const int rows = 3, cols = 150;  // 150 > 2 * 64: threads combine several columns
  Rng rng(15002);
  std::vector<double> x = rng.vec(rows * cols, -2.0, 2.0), w = rng.vec(rows);
#if CUAD_OUTPUT == 1
  auto run = [&](const std::vector<double>& xs, DeviceArray<double>& dout) {
    DeviceArray<double> dx(xs);
    CUAD_LAUNCH((row_reduce<L2Norm, 64>), rows, 64, dx.ptr, dout.ptr, cols);
  };
#else
  auto run = [&](const std::vector<double>& xs, DeviceArray<double>& dout) {
    DeviceArray<double> dx(xs);
    CUAD_LAUNCH((row_reduce<LogSumExp, 64>), rows, 64, dx.ptr, dout.ptr, cols);
  };
#endif
#if CUAD_OUTPUT <= 2
  auto loss = [&] {
    DeviceArray<double> dout(rows, 0.0);
    run(x, dout);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(rows, 0.0), ax(zeros<double>(rows * cols)), aout(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((row_reduce_grad_0_1<L2Norm, 64>), rows, 64, dx.ptr, dout.ptr, cols, ax.ptr, aout.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH((row_reduce_grad_0_1<LogSumExp, 64>), rows, 64, dx.ptr, dout.ptr, cols, ax.ptr, aout.ptr));
#endif
  check.array("x", ax.get(), fd(x, loss));
  check.array("out", aout.get(), zeros<double>(rows));
#else
  std::vector<double> vx = rng.vec(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dout(rows, 0.0);
    run(along(x, t, vx), dout);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(rows, 0.0), tx(vx), tout(rows, 0.0);
  CUAD_GRAD(CUAD_LAUNCH((row_reduce_pushforward<LogSumExp, 64>), rows, 64, dx.ptr, dout.ptr, cols, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
