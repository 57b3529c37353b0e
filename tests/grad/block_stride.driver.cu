#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("block_stride");
  const int rows = 3, cols = 37, threads = 8;
  Rng rng(55);
  std::vector<double> x = rng.vec(rows * cols + 2);
#if CUAD_OUTPUT == 1
  const int ny = rows * cols;
#else
  const int ny = rows * threads;
#endif
  std::vector<double> y = rng.vec(ny), w = rng.vec(ny);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
#if CUAD_OUTPUT == 1
    CUAD_LAUNCH(rows_own, rows, threads, d_y.ptr, d_x.ptr, cols);
#else
    CUAD_LAUNCH(rows_overlap, rows, threads, d_y.ptr, d_x.ptr, cols);
#endif
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(rows * cols + 2));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(rows_own_grad_0_1, rows, threads, d_y.ptr, d_x.ptr, cols, a_y.ptr, a_x.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(rows_overlap_grad_0_1, rows, threads, d_y.ptr, d_x.ptr, cols, a_y.ptr,
                        a_x.ptr));
#endif
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
