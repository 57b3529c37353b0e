#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ns_same_name");
  const int n = 4;
  std::vector<double> x = {0.3, -0.8, 1.1, 0.5}, w = {1.0, -0.5, 2.0, 0.7};
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(n, 0.0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dy.ptr, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = {0.4, 0.9, -0.3, 1.0};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(n, 0.0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(n, 0.0), tx(vx), ty(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
