#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_bias_dropout_residual");
  const int rows = 6, cols = 10, n = rows * cols;
  Rng rng(218);
  std::vector<float> x = rng.vec<float>(n), bias = rng.vec<float>(cols), res = rng.vec<float>(n),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  std::vector<uint8_t> mask(n);
  for (int i = 0; i < n; ++i) mask[i] = (i * 7 % 5) != 0;
  float p = 0.2f;
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x), d_b(bias), d_r(res);
    DeviceArray<uint8_t> d_m(mask);
    CUAD_LAUNCH(bias_dropout_residual, 2, 32, d_out.ptr, d_x.ptr, d_b.ptr, d_r.ptr, d_m.ptr, p, rows, cols);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), d_b(bias), d_r(res), a_out(w), a_x(zeros<float>(n)), a_b(zeros<float>(cols)),
      a_r(zeros<float>(n));
  DeviceArray<uint8_t> d_m(mask);
  CUAD_GRAD(CUAD_LAUNCH(bias_dropout_residual_grad_0_1_2_3, 2, 32, d_out.ptr, d_x.ptr, d_b.ptr, d_r.ptr, d_m.ptr, p,
                        rows, cols, a_out.ptr, a_x.ptr, a_b.ptr, a_r.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("residual", a_r.get(), fd(res, loss));
  return check.finish();
}
