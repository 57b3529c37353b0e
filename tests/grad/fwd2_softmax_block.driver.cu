#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_softmax_block");
  const int rows = 3, cols = 150;
  Rng rng(104);
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), vx = rng.vec<float>(rows * cols),
                     y0 = zeros<float>(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(y0);
    CUAD_LAUNCH(softmax_rows, rows, 64, dx.ptr, dy.ptr, cols);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dy(y0), d_y(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(softmax_rows_pushforward, rows, 64, dx.ptr, dy.ptr, cols, d_x.ptr,
                        d_y.ptr));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at), Tol{2e-4, 1e-2});
  return check.finish();
}
