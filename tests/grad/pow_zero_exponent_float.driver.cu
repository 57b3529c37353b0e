#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("pow_zero_exponent_float");
  const int n = 5;
  std::vector<float> x = {0.0f, 0.5f, 0.0f, 1.5f, 0.0f}, vx = {0.3f, -0.2f, 0.0f, 0.4f, 0.5f};
  std::vector<int> e = {0, 0, 0, 2, 1};
#if CUAD_OUTPUT == 1
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(zeros<float>(n));
    DeviceArray<int> de(e);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, de.ptr, dy.ptr, n);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), dy(zeros<float>(n)), tx(vx), ty(zeros<float>(n));
  DeviceArray<int> de(e);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, dx.ptr, de.ptr, dy.ptr, n, tx.ptr, ty.ptr));
  check.array("y", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#else
  std::vector<float> w = {1.0f, -0.5f, 0.7f, 0.25f, 0.6f};
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(zeros<float>(n));
    DeviceArray<int> de(e);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, de.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(zeros<float>(n)), ax(zeros<float>(n)), ay(w);
  DeviceArray<int> de(e);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_2, 1, 32, dx.ptr, de.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#endif
  return check.finish();
}
