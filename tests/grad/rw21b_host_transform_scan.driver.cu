#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_host_transform_scan");
  const int rows = 3, cols = 90;
  Rng rng(21007);
  std::vector<float> x = rng.vec<float>(rows * cols), y = rng.vec<float>(rows * cols),
                     w = rng.vec<float>(rows * cols);
  float scale = 0.6f;
  auto loss = [&] {
    std::vector<float> o = y;
    transform_cumsum(o.data(), x.data(), scale, rows, cols);
    return dot(w, o);
  };
  std::vector<float> o = y, a_y = w, a_x = zeros<float>(rows * cols);
  float a_scale = 0.f;
  CUAD_GRAD(transform_cumsum_grad_0_1_2(o.data(), x.data(), scale, rows, cols, a_y.data(),
                                        a_x.data(), &a_scale));
  check.array("x", a_x, fd(x, loss));
  check.scalar("scale", a_scale, fd(scale, loss));
  check.array("y", a_y, fd(y, loss));
  return check.finish();
}
