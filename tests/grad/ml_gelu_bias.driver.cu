#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_gelu_bias");
  const int rows = 7, cols = 13, n = rows * cols;
  Rng rng(201);
  std::vector<float> x = rng.vec<float>(n, -2, 2), bias = rng.vec<float>(cols), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x), d_b(bias);
    CUAD_LAUNCH(gelu_bias_fwd, 2, 32, d_out.ptr, d_x.ptr, d_b.ptr, rows, cols);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), d_b(bias), a_out(w), a_x(zeros<float>(n)), a_b(zeros<float>(cols));
  CUAD_GRAD(CUAD_LAUNCH(gelu_bias_fwd_grad_0_1_2, 2, 32, d_out.ptr, d_x.ptr, d_b.ptr, rows, cols,
                        a_out.ptr, a_x.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  return check.finish();
}
