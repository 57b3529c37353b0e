#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("loop_index_array");
  Rng rng(220601);
  const int n = 24, steps = 5;
  std::vector<double> x = rng.vec(n, -1.0, 1.0), w = rng.vec(3, 0.3, 0.9),
                      out = rng.vec(n, -0.5, 0.5);
  std::vector<int> idx(n);
  for (int i = 0; i < n; ++i) idx[i] = (i * 5 + 3) % n;
#if CUAD_OUTPUT == 1
  const std::vector<double> seed = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dw(w), dout(out);
    DeviceArray<int> di(idx);
    CUAD_LAUNCH(gather_steps, 1, 32, dx.ptr, di.ptr, dw.ptr, dout.ptr, n, steps);
    return dot(seed, dout.get());
  };
  DeviceArray<double> dx(x), dw(w), dout(out), ax(zeros<double>(n)), aout(seed);
  DeviceArray<int> di(idx);
  CUAD_GRAD(CUAD_LAUNCH(gather_steps_grad_0_3, 1, 32, dx.ptr, di.ptr, dw.ptr, dout.ptr, n,
                        steps, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  const std::vector<double> vx = rng.vec(n), vo = rng.vec(n);
  DeviceArray<int> di(idx);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dw(w), dout(along(out, t, vo));
    CUAD_LAUNCH(gather_steps, 1, 32, dx.ptr, di.ptr, dw.ptr, dout.ptr, n, steps);
    return dout.get();
  };
  DeviceArray<double> dx(x), dw(w), dout(out), tx(vx), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH(gather_steps_pushforward_0_3, 1, 32, dx.ptr, di.ptr, dw.ptr, dout.ptr, n,
                        steps, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
