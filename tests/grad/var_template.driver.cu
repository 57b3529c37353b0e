#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("var_template");
  const int n = 4;
#if CUAD_OUTPUT == 1
  std::vector<double> x = {0.3, -0.8, 1.1, 12.0}, w = {1.0, -0.5, 2.0, 0.7};
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(n, 0.0);
    CUAD_LAUNCH(k<double>, 1, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(n, 0.0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad<double>, 1, n, dx.ptr, dy.ptr, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<float> x = {0.3f, -0.8f, 1.1f, 12.0f};
  std::vector<float> vx = {0.4f, 0.9f, -0.3f, 1.0f};
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(n, 0.0f);
    CUAD_LAUNCH(k<float>, 1, n, dx.ptr, dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), dy(n, 0.0f), tx(vx), ty(n, 0.0f);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward<float>, 1, n, dx.ptr, dy.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
