#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_rmsnorm_warp");
  const int rows = 5, cols = 48, n = rows * cols;
  Rng rng(203);
  std::vector<float> x = rng.vec<float>(n), weight = rng.vec<float>(cols, 0.5, 1.5), y = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  float eps = 1e-5f;
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_w(weight);
    CUAD_LAUNCH(rmsnorm_warp, 3, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, cols, eps);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_w(weight), a_y(w), a_x(zeros<float>(n)), a_w(zeros<float>(cols));
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_warp_grad_0_1_2, 3, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, cols, eps,
                        a_y.ptr, a_x.ptr, a_w.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  return check.finish();
}
