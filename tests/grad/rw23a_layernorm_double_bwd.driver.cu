#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_layernorm_double_bwd");
  Rng rng(23313);
  const int B = 2, T = 3, C = 40;  // 6 rows, 4 warps per block: the second block has two idle warps
  const int N = B * T;
  std::vector<float> dinp = rng.vec<float>(N * C), dw = rng.vec<float>(C), db = rng.vec<float>(C),
                     dout = rng.vec<float>(N * C), inp = rng.vec<float>(N * C, -2.0, 2.0),
                     weight = rng.vec<float>(C, 0.5, 1.5), mean = rng.vec<float>(N, -0.3, 0.3),
                     rstd = rng.vec<float>(N, 0.6, 1.4);
  const size_t smem = 2 * C * sizeof(float);
  const std::vector<float> wi = rng.vec<float>(N * C), ww = rng.vec<float>(C), wb = rng.vec<float>(C);
  auto loss = [&] {
    DeviceArray<float> a(dinp), b(dw), c(db), d(dout), e(inp), f(weight), g(mean), h(rstd);
    CUAD_LAUNCH_SHARED(layernorm_backward_kernel2, 2, 128, smem, a.ptr, b.ptr, c.ptr, d.ptr, e.ptr, f.ptr, g.ptr, h.ptr,
                       B, T, C);
    return dot(wi, a.get()) + dot(ww, b.get()) + dot(wb, c.get());
  };
  DeviceArray<float> a(dinp), b(dw), c(db), d(dout), e(inp), f(weight), g(mean), h(rstd), ga(wi), gb(ww), gc(wb),
      gd(zeros<float>(N * C)), ge(zeros<float>(N * C)), gf(zeros<float>(C)), gg(zeros<float>(N)), gh(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(layernorm_backward_kernel2_grad_0_1_2_3_4_5_6_7, 2, 128, 2 * smem, a.ptr, b.ptr, c.ptr,
                               d.ptr, e.ptr, f.ptr, g.ptr, h.ptr, B, T, C, ga.ptr, gb.ptr, gc.ptr, gd.ptr, ge.ptr, gf.ptr,
                               gg.ptr, gh.ptr));
  check.array("dinp", ga.get(), fd(dinp, loss));
  check.array("dweight", gb.get(), fd(dw, loss));
  check.array("dbias", gc.get(), fd(db, loss));
  check.array("dout", gd.get(), fd(dout, loss));
  check.array("inp", ge.get(), fd(inp, loss));
  check.array("weight", gf.get(), fd(weight, loss));
  check.array("mean", gg.get(), fd(mean, loss));
  check.array("rstd", gh.get(), fd(rstd, loss));
  return check.finish();
}
