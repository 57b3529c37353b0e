#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_bias_gelu_vec");
  // cols = 4 * 9 + 2: nine float4 groups and a two-column tail. One row: the kernel's float4
  // loads at row * cols are aligned only when cols is a multiple of 4 (or for row 0), and a
  // GPU faults on a misaligned float4 (the CPU emulation does not check alignment).
  const int rows = 1, cols = 38, block = 32;
  const dim3 grid((cols / 4 + block - 1) / block, rows);
  const float alpha = 0.8f;
  Rng rng(21001);
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0),
                     bias = rng.vec<float>(cols, -0.5, 0.5),
                     res = rng.vec<float>(rows * cols), out = rng.vec<float>(rows * cols);
#if CUAD_OUTPUT == 2
  std::vector<float> vx = rng.vec<float>(rows * cols), vb = rng.vec<float>(cols),
                     vr = rng.vec<float>(rows * cols);
  auto outputs_at = [&](double t) {
    DeviceArray<float> o(out), dx(along(x, t, vx)), db(along(bias, t, vb)),
        dr(along(res, t, vr));
    CUAD_LAUNCH((bias_act_residual<4, GeluTanh>), grid, block, o.ptr, dx.ptr, db.ptr, dr.ptr,
                alpha, rows, cols);
    return as_doubles(o.get());
  };
  DeviceArray<float> o(out), dx(x), db(bias), dr(res), t_o(zeros<float>(rows * cols)), t_x(vx),
      t_b(vb), t_r(vr);
  CUAD_GRAD(CUAD_LAUNCH((bias_act_residual_pushforward_0_1_2_3<4, GeluTanh>), grid, block, o.ptr,
                        dx.ptr, db.ptr, dr.ptr, alpha, rows, cols, t_o.ptr, t_x.ptr, t_b.ptr,
                        t_r.ptr));
  check.array("out", t_o.get(), directional_fd<float>(outputs_at));
#else
  const std::vector<float> w = rng.vec<float>(rows * cols);
  auto loss = [&] {
    DeviceArray<float> o(out), dx(x), db(bias), dr(res);
    CUAD_LAUNCH((bias_act_residual<4, GeluTanh>), grid, block, o.ptr, dx.ptr, db.ptr, dr.ptr,
                alpha, rows, cols);
    return dot(w, o.get());
  };
  DeviceArray<float> o(out), dx(x), db(bias), dr(res), a_o(w), a_x(zeros<float>(rows * cols)),
      a_b(zeros<float>(cols)), a_r(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH((bias_act_residual_grad_0_1_2_3<4, GeluTanh>), grid, block, o.ptr, dx.ptr,
                        db.ptr, dr.ptr, alpha, rows, cols, a_o.ptr, a_x.ptr, a_b.ptr, a_r.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("residual", a_r.get(), fd(res, loss));
  check.array("out", a_o.get(), fd(out, loss));
#endif
  return check.finish();
}
