#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_block_reduce");
  Rng rng(410);
  const int rows = 3, cols = 150;
  std::vector<float> x = rng.vec<float>(rows * cols), g = rng.vec<float>(cols, 0.5, 1.5),
                     y = rng.vec<float>(rows * cols), w = rng.vec<float>(rows * cols);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_g(g);
    CUAD_LAUNCH((rms_norm<float, 64>), rows, 64, d_y.ptr, d_x.ptr, d_g.ptr, cols);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_g(g), a_y(w), a_x(zeros<float>(rows * cols)),
      a_g(zeros<float>(cols));
  CUAD_GRAD(CUAD_LAUNCH((rms_norm_grad_0_1_2<float, 64>), rows, 64, d_y.ptr, d_x.ptr, d_g.ptr,
                        cols, a_y.ptr, a_x.ptr, a_g.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("g", a_g.get(), fd(g, loss));
  return check.finish();
}
