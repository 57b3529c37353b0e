#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cg_reduce");
  Rng rng(461);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const int rows = 9, cols = 37;  // 4 tiles of 16 per 64-thread block: 3 blocks
  std::vector<float> x = rng.vec<float>(rows * cols, -3.0, 3.0), out = rng.vec<float>(rows),
                     w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(row_lse, 3, 64, d_o.ptr, d_x.ptr, rows, cols);
    return dot(w, d_o.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(row_lse_grad_0_1, 3, 64, d_o.ptr, d_x.ptr, rows, cols, a_o.ptr, a_x.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
#else
  std::vector<float> v = rng.vec<float>(rows * cols, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_o(out), d_x(along(x, t, v));
    CUAD_LAUNCH(row_lse, 3, 64, d_o.ptr, d_x.ptr, rows, cols);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), t_o(zeros<float>(rows)), t_x(v);
  CUAD_GRAD(CUAD_LAUNCH(row_lse_pushforward, 3, 64, d_o.ptr, d_x.ptr, rows, cols, t_o.ptr,
                        t_x.ptr));
  check.array("tangent out", t_o.get(), directional_fd<float>(outputs_at));
  (void)loss;
#endif
#else
  const int rows = 5, cols = 45;  // 2 warps per 64-thread block: 3 blocks
  float scale = 0.7f;
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), out = rng.vec<float>(rows),
                     w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(row_norms, 3, 64, d_o.ptr, d_x.ptr, scale, rows, cols);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(rows * cols));
  DeviceScalar<float> a_s(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(row_norms_grad_0_1_2, 3, 64, d_o.ptr, d_x.ptr, scale, rows, cols,
                        a_o.ptr, a_x.ptr, a_s.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
#endif
  return check.finish();
}
