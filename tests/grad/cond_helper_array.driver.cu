#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cond_helper_array");
  Rng rng(220701);
  const int n = 29;
  std::vector<double> x = rng.vec(2 * n, -1.2, 1.2), y = rng.vec(n, -0.5, 0.5);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(k, 1, 32, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), ax(zeros<double>(2 * n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, 32, n, dx.ptr, dy.ptr, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
#else
  const std::vector<double> vx = rng.vec(2 * n), vy = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy));
    CUAD_LAUNCH(k, 1, 32, n, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(y), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, n, dx.ptr, dy.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
