#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_llmc_attn");
  Rng rng(24310);
  const int B = 2, T = 4, C = 8, NH = 2;
  const int ni = B * T * 3 * C, na = B * NH * T * T, no = B * T * C;
  std::vector<float> inp = rng.vec<float>(ni, -1.5, 1.5), pre = rng.vec<float>(na), att = rng.vec<float>(na),
                     out = rng.vec<float>(no);
  const std::vector<float> wo = rng.vec<float>(no), wp = rng.vec<float>(na), wa = rng.vec<float>(na);
  auto loss = [&] {
    DeviceArray<float> dout(out), dp(pre), da(att), di(inp);
    CUAD_LAUNCH(attention_forward_kernel, 1, 32, dout.ptr, dp.ptr, da.ptr, di.ptr, B, T, C, NH);
    return dot(wo, dout.get()) + dot(wp, dp.get()) + dot(wa, da.get());
  };
  DeviceArray<float> dout(out), dp(pre), da(att), di(inp), gout(wo), gp(wp), ga(wa), gi(zeros<float>(ni));
  CUAD_GRAD(CUAD_LAUNCH(attention_forward_kernel_grad_0_1_2_3, 1, 32, dout.ptr, dp.ptr, da.ptr, di.ptr, B, T, C,
                        NH, gout.ptr, gp.ptr, ga.ptr, gi.ptr));
  check.array("inp", gi.get(), fd(inp, loss));
  check.array("out", gout.get(), fd(out, loss));
  check.array("preatt", gp.get(), fd(pre, loss));
  check.array("att", ga.get(), fd(att, loss));
  return check.finish();
}
