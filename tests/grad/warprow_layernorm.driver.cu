#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 7 rows, blocks of 2 warps (4 blocks): the last block's second warp has no row, and C = 45
// leaves the lane loops a partial last round (lanes 13..31 stop one iteration early).
int main() {
  Rng rng(811);
  const int N = 7, C = 45, block = 64, grid = (N + block / 32 - 1) / (block / 32);
#if CUAD_OUTPUT == 1
  Checker check("warprow_layernorm");
  std::vector<float> inp = rng.vec<float>(N * C), weight = rng.vec<float>(C, 0.5, 1.5),
                     bias = rng.vec<float>(C), out = rng.vec<float>(N * C), mean = rng.vec<float>(N),
                     rstd = rng.vec<float>(N), w = rng.vec<float>(N * C), wm = rng.vec<float>(N),
                     wr = rng.vec<float>(N);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_mean(mean), d_rstd(rstd), d_inp(inp), d_w(weight), d_b(bias);
    CUAD_LAUNCH(layernorm_rows, grid, block, d_out.ptr, d_mean.ptr, d_rstd.ptr, d_inp.ptr, d_w.ptr,
                d_b.ptr, N, C);
    return dot(w, d_out.get()) + dot(wm, d_mean.get()) + dot(wr, d_rstd.get());
  };
  DeviceArray<float> d_out(out), d_mean(mean), d_rstd(rstd), d_inp(inp), d_w(weight), d_b(bias),
      a_out(w), a_mean(wm), a_rstd(wr), a_inp(zeros<float>(N * C)), a_w(zeros<float>(C)),
      a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_rows_grad_0_1_2_3_4_5, grid, block, d_out.ptr, d_mean.ptr, d_rstd.ptr,
                        d_inp.ptr, d_w.ptr, d_b.ptr, N, C, a_out.ptr, a_mean.ptr, a_rstd.ptr,
                        a_inp.ptr, a_w.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("mean", a_mean.get(), fd(mean, loss));
  check.array("rstd", a_rstd.get(), fd(rstd, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
#else
  Checker check("warprow_layernorm");
  std::vector<float> dinp = rng.vec<float>(N * C), dweight = rng.vec<float>(C), dbias = rng.vec<float>(C),
                     dout = rng.vec<float>(N * C), inp = rng.vec<float>(N * C),
                     weight = rng.vec<float>(C, 0.5, 1.5), mean = rng.vec<float>(N, -0.3, 0.3),
                     rstd = rng.vec<float>(N, 0.5, 1.5), wi = rng.vec<float>(N * C),
                     ww = rng.vec<float>(C), wb = rng.vec<float>(C);
  auto loss = [&] {
    DeviceArray<float> d_dinp(dinp), d_dw(dweight), d_db(dbias), d_dout(dout), d_inp(inp),
        d_w(weight), d_mean(mean), d_rstd(rstd);
    CUAD_LAUNCH(layernorm_backward_rows, grid, block, d_dinp.ptr, d_dw.ptr, d_db.ptr, d_dout.ptr,
                d_inp.ptr, d_w.ptr, d_mean.ptr, d_rstd.ptr, N, C);
    return dot(wi, d_dinp.get()) + dot(ww, d_dw.get()) + dot(wb, d_db.get());
  };
  DeviceArray<float> d_dinp(dinp), d_dw(dweight), d_db(dbias), d_dout(dout), d_inp(inp), d_w(weight),
      d_mean(mean), d_rstd(rstd), a_dinp(wi), a_dw(ww), a_db(wb), a_dout(zeros<float>(N * C)),
      a_inp(zeros<float>(N * C)), a_w(zeros<float>(C)), a_mean(zeros<float>(N)),
      a_rstd(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_backward_rows_grad_0_1_2_3_4_5_6_7, grid, block, d_dinp.ptr, d_dw.ptr, d_db.ptr,
                        d_dout.ptr, d_inp.ptr, d_w.ptr, d_mean.ptr, d_rstd.ptr, N, C, a_dinp.ptr,
                        a_dw.ptr, a_db.ptr, a_dout.ptr, a_inp.ptr, a_w.ptr, a_mean.ptr, a_rstd.ptr));
  check.array("dinp", a_dinp.get(), fd(dinp, loss));
  check.array("dweight", a_dw.get(), fd(dweight, loss));
  check.array("dbias", a_db.get(), fd(dbias, loss));
  check.array("dout", a_dout.get(), fd(dout, loss));
  check.array("inp", a_inp.get(), fd(inp, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("mean", a_mean.get(), fd(mean, loss));
  check.array("rstd", a_rstd.get(), fd(rstd, loss));
#endif
  return check.finish();
}
