#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("warp_shfl_segments");
  Rng rng(220801);
  const int n = 64;
  std::vector<double> x = rng.vec(n, -1.0, 1.0), y = rng.vec(n, -0.5, 0.5);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(seg_bcast, 2, 32, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(seg_bcast_grad, 2, 32, dx.ptr, dy.ptr, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
#else
  const std::vector<double> vx = rng.vec(n), vy = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy));
    CUAD_LAUNCH(seg_bcast, 2, 32, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(y), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(seg_bcast_pushforward, 2, 32, dx.ptr, dy.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
