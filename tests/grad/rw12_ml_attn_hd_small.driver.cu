#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_attn_hd_small");
  const int B = 2, T = 7, NH = 3, HS = 4, C = NH * HS;
  const int nthreads = B * T * NH, block = 16, grid = (nthreads + block - 1) / block;
  Rng rng(12005);
  std::vector<double> qkv = rng.vec(B * T * 3 * C, -1.5, 1.5), out = zeros<double>(B * T * C);
#if CUAD_OUTPUT == 2
  std::vector<double> vq = rng.vec(qkv.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> o(out), x(along(qkv, t, vq));
    CUAD_LAUNCH(causal_attn<4>, grid, block, o.ptr, x.ptr, B, T, NH);
    return o.get();
  };
  DeviceArray<double> o(out), x(qkv), t_o(out), t_x(vq);
  CUAD_GRAD(CUAD_LAUNCH(causal_attn_pushforward<4>, grid, block, o.ptr, x.ptr, B, T, NH,
                        t_o.ptr, t_x.ptr));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at));
#else
  const std::vector<double> w = rng.vec(out.size());
  auto loss = [&] {
    DeviceArray<double> o(out), x(qkv);
    CUAD_LAUNCH(causal_attn<4>, grid, block, o.ptr, x.ptr, B, T, NH);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), x(qkv), a_o(w), a_x(zeros<double>(qkv.size()));
  CUAD_GRAD(CUAD_LAUNCH(causal_attn_grad_0_1<4>, grid, block, o.ptr, x.ptr, B, T, NH, a_o.ptr,
                        a_x.ptr));
  check.array("qkv", a_x.get(), fd(qkv, loss));
  check.array("out", a_o.get(), fd(out, loss));
#endif
  (void)HS;
  return check.finish();
}
