#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_layernorm_xor");
  const int rows = 6, cols = 40;
  const float eps = 1e-3f;
  Rng rng(5);
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), g = rng.vec<float>(cols, 0.5, 1.5),
                     b = rng.vec<float>(cols), y = rng.vec<float>(rows * cols),
                     mo = rng.vec<float>(rows), ro = rng.vec<float>(rows);
  std::vector<float> wy = rng.vec<float>(rows * cols), wm = rng.vec<float>(rows),
                     wr = rng.vec<float>(rows, -0.2, 0.2);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_m(mo), d_r(ro), d_x(x), d_g(g), d_b(b);
    CUAD_LAUNCH(ln_warp, 3, dim3(32, 2), d_y.ptr, d_m.ptr, d_r.ptr, d_x.ptr, d_g.ptr, d_b.ptr, rows,
                cols, eps);
    return dot(wy, d_y.get()) + dot(wm, d_m.get()) + dot(wr, d_r.get());
  };
  DeviceArray<float> d_y(y), d_m(mo), d_r(ro), d_x(x), d_g(g), d_b(b);
  DeviceArray<float> a_y(wy), a_m(wm), a_r(wr), a_x(zeros<float>(rows * cols)),
      a_g(zeros<float>(cols)), a_b(zeros<float>(cols));
  CUAD_GRAD(CUAD_LAUNCH(ln_warp_grad_0_1_2_3_4_5, 3, dim3(32, 2), d_y.ptr, d_m.ptr, d_r.ptr, d_x.ptr,
                        d_g.ptr, d_b.ptr, rows, cols, eps, a_y.ptr, a_m.ptr, a_r.ptr, a_x.ptr,
                        a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("mean_out", a_m.get(), fd(mo, loss));
  check.array("rstd_out", a_r.get(), fd(ro, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(g, loss));
  check.array("beta", a_b.get(), fd(b, loss));
  return check.finish();
}
