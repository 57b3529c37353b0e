#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_device_helper");
  Rng rng(907);
  const int rows = 3, cols = 100;
  const dim3 block(16, 4);
  std::vector<float> x = rng.vec<float>(rows * cols), norms = rng.vec<float>(rows);
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_n(norms);
    CUAD_LAUNCH((row_norms<float, 64>), rows, block, d_x.ptr, d_n.ptr, cols);
    return dot(w, d_n.get());
  };
  DeviceArray<float> d_x(x), d_n(norms), a_x(zeros<float>(rows * cols)), a_n(w);
  CUAD_GRAD(CUAD_LAUNCH((row_norms_grad_0_1<float, 64>), rows, block, d_x.ptr, d_n.ptr, cols,
                        a_x.ptr, a_n.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("norms", a_n.get(), fd(norms, loss));
#else
  std::vector<float> v_x = rng.vec<float>(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, v_x)), d_n(norms);
    CUAD_LAUNCH((row_norms<float, 64>), rows, block, d_x.ptr, d_n.ptr, cols);
    return as_doubles(d_n.get());
  };
  DeviceArray<float> d_x(x), d_n(norms), t_x(v_x), t_n(zeros<float>(rows));
  CUAD_GRAD(CUAD_LAUNCH((row_norms_pushforward<float, 64>), rows, block, d_x.ptr, d_n.ptr, cols,
                        t_x.ptr, t_n.ptr));
  check.array("norms", t_n.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
