#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_loop");
  Rng rng(909);
  const int rows = 4, cols = 50;
  std::vector<double> x = rng.vec(rows * cols), out = rng.vec(rows);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_out(out);
    CUAD_LAUNCH(row_energies, 1, 32, d_x.ptr, d_out.ptr, rows, cols);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_x(x), d_out(out), a_x(zeros<double>(rows * cols)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(row_energies_grad_0_1, 1, 32, d_x.ptr, d_out.ptr, rows, cols, a_x.ptr,
                        a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
#else
  std::vector<double> v_x = rng.vec(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, v_x)), d_out(out);
    CUAD_LAUNCH(row_energies, 1, 32, d_x.ptr, d_out.ptr, rows, cols);
    return d_out.get();
  };
  DeviceArray<double> d_x(x), d_out(out), t_x(v_x), t_out(zeros<double>(rows));
  CUAD_GRAD(CUAD_LAUNCH(row_energies_pushforward, 1, 32, d_x.ptr, d_out.ptr, rows, cols,
                        t_x.ptr, t_out.ptr));
  check.array("out", t_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
