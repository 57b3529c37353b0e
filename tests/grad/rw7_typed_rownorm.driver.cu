#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using T = float;
constexpr int W = 8;
#else
using T = double;
constexpr int W = 16;
#endif

int main() {
  Checker check("rw7_typed_rownorm");
  const int rows = 7, cols = 20, block = 32;  // the last warp holds rows past the end
  const int grid = (rows * W + block - 1) / block;
  Rng rng(7011);
  std::vector<T> x = rng.vec<T>(rows * cols), y = rng.vec<T>(rows * cols),
                 w = rng.vec<T>(rows * cols);
  auto run = [&](const std::vector<T>& xv) {
    DeviceArray<T> d_x(xv), d_y(y);
    CUAD_LAUNCH((row_l2norm<T, W>), grid, block, d_x.ptr, d_y.ptr, rows, cols);
    return d_y.get();
  };
  DeviceArray<T> d_x(x), d_y(y);
#if CUAD_OUTPUT != 3
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<T> a_x(zeros<T>(rows * cols)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH((row_l2norm_grad_0_1<T, W>), grid, block, d_x.ptr, d_y.ptr, rows, cols,
                        a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
#else
  std::vector<T> vx = rng.vec<T>(rows * cols);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<T> t_x(vx), t_y(zeros<T>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH((row_l2norm_pushforward<T, W>), grid, block, d_x.ptr, d_y.ptr, rows,
                        cols, t_x.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<T>(outputs_at), default_tol<T>());
#endif
  return check.finish();
}
