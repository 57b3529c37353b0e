#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_gridstride_inner");
  const int rows = 37, cols = 5;
  Rng rng(113);
  std::vector<double> x = rng.vec(rows * cols), coef = rng.vec(4), y = rng.vec(rows),
                      w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_c(coef);
    CUAD_LAUNCH(rowpoly, 2, 8, d_y.ptr, d_x.ptr, d_c.ptr, rows, cols);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_c(coef), a_y(w), a_x(zeros<double>(rows * cols)),
      a_c(zeros<double>(4));
  CUAD_GRAD(CUAD_LAUNCH(rowpoly_grad_0_1_2, 2, 8, d_y.ptr, d_x.ptr, d_c.ptr, rows, cols, a_y.ptr, a_x.ptr,
                        a_c.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("coef", a_c.get(), fd(coef, loss));
  return check.finish();
}
