#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_array_rows");
  Rng rng(220401);
  const int n = 37;
  std::vector<double> x = rng.vec(2 * n, -1.0, 1.0), out = rng.vec(n, -0.5, 0.5);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(stages, 2, 32, dx.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), ax(zeros<double>(2 * n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(stages_grad_0_1, 2, 32, dx.ptr, dout.ptr, n, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  const std::vector<double> vx = rng.vec(2 * n), vo = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(along(out, t, vo));
    CUAD_LAUNCH(stages, 2, 32, dx.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(out), tx(vx), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH(stages_pushforward, 2, 32, dx.ptr, dout.ptr, n, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
