#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_rmsnorm_warp");
  const int rows = 5, cols = 70;  // 3 blocks of 2 warps: the last warp returns early
  Rng rng(102);
  std::vector<float> x = rng.vec<float>(rows * cols), vx = rng.vec<float>(rows * cols),
                     w = rng.vec<float>(cols, 0.5, 1.5), vw = rng.vec<float>(cols),
                     y0 = zeros<float>(rows * cols);
  const float eps = 1e-3f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dw(along(w, t, vw)), dy(y0);
    CUAD_LAUNCH(rmsnorm_warp, 3, 64, dy.ptr, dx.ptr, dw.ptr, rows, cols, eps);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dw(w), d_w(vw), dy(y0), d_y(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_warp_pushforward, 3, 64, dy.ptr, dx.ptr, dw.ptr, rows, cols, eps,
                        d_y.ptr, d_x.ptr, d_w.ptr, 0.f));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at));
  return check.finish();
}
