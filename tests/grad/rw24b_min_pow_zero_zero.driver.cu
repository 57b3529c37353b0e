#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_min_pow_zero_zero");
  const int n = 4;
  std::vector<double> x = {0.0, 0.5, 0.0, 1.5}, vx = {0.3, -0.2, 0.0, 0.4};
  std::vector<int> e = {0, 0, 0, 2};
#if CUAD_OUTPUT == 1
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(zeros<double>(n));
    DeviceArray<int> de(e);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, de.ptr, dy.ptr, n);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), tx(vx), ty(zeros<double>(n));
  DeviceArray<int> de(e);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, dx.ptr, de.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#else
  std::vector<double> w = {1.0, -0.5, 0.7, 0.25};
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    DeviceArray<int> de(e);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, de.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), ax(zeros<double>(n)), ay(w);
  DeviceArray<int> de(e);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_2, 1, 32, dx.ptr, de.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#endif
  return check.finish();
}
