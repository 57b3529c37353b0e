#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_layernorm_cg");
  const int N = 5, C = 72, block = 64, grid = (N + 1) / 2;  // 2 warps per block, one idle
  Rng rng(12012);
  std::vector<float> inp = rng.vec<float>(N * C, -2.0, 2.0), weight = rng.vec<float>(C, 0.5, 1.5),
                     bias = rng.vec<float>(C, -0.3, 0.3), out = zeros<float>(N * C),
                     mean = zeros<float>(N), rstd = zeros<float>(N);
  const std::vector<float> w_o = rng.vec<float>(N * C), w_m = rng.vec<float>(N),
                           w_r = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> o(out), m(mean), r(rstd), x(inp), w(weight), b(bias);
    CUAD_LAUNCH(layernorm_cg, grid, block, o.ptr, m.ptr, r.ptr, x.ptr, w.ptr, b.ptr, N, C);
    return dot(w_o, o.get()) + dot(w_m, m.get()) + dot(w_r, r.get());
  };
  DeviceArray<float> o(out), m(mean), r(rstd), x(inp), w(weight), b(bias), a_o(w_o), a_m(w_m),
      a_r(w_r), a_x(zeros<float>(N * C)), a_w(zeros<float>(C)), a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_cg_grad_0_1_2_3_4_5, grid, block, o.ptr, m.ptr, r.ptr, x.ptr,
                        w.ptr, b.ptr, N, C, a_o.ptr, a_m.ptr, a_r.ptr, a_x.ptr, a_w.ptr, a_b.ptr));
  check.array("inp", a_x.get(), fd(inp, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("mean", a_m.get(), fd(mean, loss));
  check.array("rstd", a_r.get(), fd(rstd, loss));
  return check.finish();
}
