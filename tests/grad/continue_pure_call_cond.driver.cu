#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("continue_pure_call_cond");
  const int n = 8, m = 5;
  Rng rng(1518);
  std::vector<double> x = rng.vec(n, -0.8, 0.8), w = rng.vec(n);
  x[4] = -0.95;  // skipped by the second loop's continue
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr, n, m);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(n, 0.0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, n, dx.ptr, dy.ptr, n, m, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr, n, m);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(n, 0.0), tx(vx), ty(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, n, m, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
