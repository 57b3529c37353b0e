#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_bias_gelu_f4");
  const int rows = 6, C = 64, N = rows * C;
  const int threads = N / 4, block = 32, grid = (threads + block - 1) / block + 1;
  Rng rng(9103);
  std::vector<float> inp = rng.vec<float>(N, -2.5, 2.5), bias = rng.vec<float>(C, -0.5, 0.5),
                     out = rng.vec<float>(N);
#if CUAD_OUTPUT == 3
  std::vector<float> v_inp = rng.vec<float>(N), v_bias = rng.vec<float>(C), v_out = rng.vec<float>(N);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_o(out), d_i(along(inp, t, v_inp)), d_b(along(bias, t, v_bias));
    CUAD_LAUNCH(bias_gelu_f4, grid, block, d_o.ptr, d_i.ptr, d_b.ptr, N, C);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(inp), d_b(bias), t_o(v_out), t_i(v_inp), t_b(v_bias);
  CUAD_GRAD(CUAD_LAUNCH(bias_gelu_f4_pushforward, grid, block, d_o.ptr, d_i.ptr, d_b.ptr, N, C, t_o.ptr,
                        t_i.ptr, t_b.ptr));
  check.array("out", t_o.get(), directional_fd<float>(outputs_at));
#else
  const std::vector<float> w = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(inp), d_b(bias);
    CUAD_LAUNCH(bias_gelu_f4, grid, block, d_o.ptr, d_i.ptr, d_b.ptr, N, C);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(inp), d_b(bias), a_o(w), a_i(zeros<float>(N)), a_b(zeros<float>(C));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(bias_gelu_f4_grad_0_2, grid, block, d_o.ptr, d_i.ptr, d_b.ptr, N, C, a_o.ptr,
                        a_b.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(bias_gelu_f4_grad_0_1_2, grid, block, d_o.ptr, d_i.ptr, d_b.ptr, N, C, a_o.ptr,
                        a_i.ptr, a_b.ptr));
  check.array("inp", a_i.get(), fd(inp, loss));
#endif
  check.array("out", a_o.get(), fd(out, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
#endif
  return check.finish();
}
