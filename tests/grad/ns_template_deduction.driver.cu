#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ns_template_deduction");
  const int n = 4;
  std::vector<float> x = {0.3f, -0.8f, 1.1f, 0.5f}, w = {1.0f, -0.5f, 2.0f, 0.7f};
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(n, 0.0f);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(n, 0.0f), ax(zeros<float>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dy.ptr, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<float> vx = {0.4f, 0.9f, -0.3f, 1.0f};
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(n, 0.0f);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), dy(n, 0.0f), tx(vx), ty(n, 0.0f);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
