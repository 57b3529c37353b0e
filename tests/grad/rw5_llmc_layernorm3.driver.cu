#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw5_llmc_layernorm3");
  Rng rng(501);
  // 3 rows over 2 blocks of 2 warps: the last warp has no row and returns early.
  const int N = 3, C = 45, block = 64, grid = 2;
  std::vector<float> inp = rng.vec<float>(N * C), weight = rng.vec<float>(C, 0.5, 1.5),
                     bias = rng.vec<float>(C), out = rng.vec<float>(N * C), mean = rng.vec<float>(N),
                     rstd = rng.vec<float>(N), w = rng.vec<float>(N * C), wm = rng.vec<float>(N),
                     wr = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_mean(mean), d_rstd(rstd), d_inp(inp), d_w(weight), d_b(bias);
    CUAD_LAUNCH(layernorm_forward_kernel3, grid, block, d_out.ptr, d_mean.ptr, d_rstd.ptr,
                d_inp.ptr, d_w.ptr, d_b.ptr, N, C);
    return dot(w, d_out.get()) + dot(wm, d_mean.get()) + dot(wr, d_rstd.get());
  };
  DeviceArray<float> d_out(out), d_mean(mean), d_rstd(rstd), d_inp(inp), d_w(weight), d_b(bias),
      a_out(w), a_mean(wm), a_rstd(wr), a_inp(zeros<float>(N * C)), a_w(zeros<float>(C)),
      a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_forward_kernel3_grad_0_1_2_3_4_5, grid, block, d_out.ptr, d_mean.ptr,
                        d_rstd.ptr, d_inp.ptr, d_w.ptr, d_b.ptr, N, C, a_out.ptr, a_mean.ptr,
                        a_rstd.ptr, a_inp.ptr, a_w.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("mean", a_mean.get(), fd(mean, loss));
  check.array("rstd", a_rstd.get(), fd(rstd, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  return check.finish();
}
