#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_layernorm_2level");
  const int rows = 3, cols = 100, n = rows * cols, threads = 64;
  Rng rng(204);
  std::vector<double> x = rng.vec(n), gamma = rng.vec(cols), beta = rng.vec(cols), y = rng.vec(n),
                      mo = rng.vec(rows), ro = rng.vec(rows), wy = rng.vec(n), wm = rng.vec(rows),
                      wr = rng.vec(rows);
  double eps = 1e-5;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_m(mo), d_r(ro), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH(layernorm_fwd, rows, threads, d_y.ptr, d_m.ptr, d_r.ptr, d_x.ptr, d_g.ptr, d_b.ptr, cols, eps);
    return dot(wy, d_y.get()) + dot(wm, d_m.get()) + dot(wr, d_r.get());
  };
  DeviceArray<double> d_y(y), d_m(mo), d_r(ro), d_x(x), d_g(gamma), d_b(beta), a_y(wy), a_m(wm), a_r(wr),
      a_x(zeros<double>(n)), a_g(zeros<double>(cols)), a_b(zeros<double>(cols));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_fwd_grad_0_1_2_3_4_5, rows, threads, d_y.ptr, d_m.ptr, d_r.ptr, d_x.ptr,
                        d_g.ptr, d_b.ptr, cols, eps, a_y.ptr, a_m.ptr, a_r.ptr, a_x.ptr, a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("mean_out", a_m.get(), fd(mo, loss));
  check.array("rstd_out", a_r.get(), fd(ro, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
