#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_block_broadcast");
  Rng rng(902);
  const int rows = 3, cols = 150;
  std::vector<double> x = rng.vec(rows * cols), g = rng.vec(cols, 0.5, 1.5),
                      y = rng.vec(rows * cols);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(rows * cols);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_g(g);
    CUAD_LAUNCH(normalize_rows, rows, kThreads, d_y.ptr, d_x.ptr, d_g.ptr, cols);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_g(g), a_y(w), a_x(zeros<double>(rows * cols)),
      a_g(zeros<double>(cols));
  CUAD_GRAD(CUAD_LAUNCH(normalize_rows_grad_0_1_2, rows, kThreads, d_y.ptr, d_x.ptr, d_g.ptr, cols,
                        a_y.ptr, a_x.ptr, a_g.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("g", a_g.get(), fd(g, loss));
#else
  std::vector<double> v_x = rng.vec(rows * cols), v_g = rng.vec(cols);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_y(y), d_x(along(x, t, v_x)), d_g(along(g, t, v_g));
    CUAD_LAUNCH(normalize_rows, rows, kThreads, d_y.ptr, d_x.ptr, d_g.ptr, cols);
    return d_y.get();
  };
  DeviceArray<double> d_y(y), d_x(x), d_g(g), t_y(zeros<double>(rows * cols)), t_x(v_x),
      t_g(v_g);
  CUAD_GRAD(CUAD_LAUNCH(normalize_rows_pushforward, rows, kThreads, d_y.ptr, d_x.ptr, d_g.ptr,
                        cols, t_y.ptr, t_x.ptr, t_g.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
