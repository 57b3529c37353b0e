#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("matvec");
  const int rows = 40, cols = 7;
  Rng rng(17);
  std::vector<double> A = rng.vec(rows * cols), x = rng.vec(cols), y = rng.vec(rows),
                      w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_A(A), d_x(x);
    CUAD_LAUNCH(matvec, 2, 32, d_y.ptr, d_A.ptr, d_x.ptr, rows, cols);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_A(A), d_x(x), a_y(w), a_A(zeros<double>(rows * cols)),
      a_x(zeros<double>(cols));
  CUAD_GRAD(CUAD_LAUNCH(matvec_grad_0_1_2, 2, 32, d_y.ptr, d_A.ptr, d_x.ptr, rows, cols, a_y.ptr,
                        a_A.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("A", a_A.get(), fd(A, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
