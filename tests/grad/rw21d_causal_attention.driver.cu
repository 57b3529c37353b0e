#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_causal_attention");
  Rng rng(21403);
  const int B = 2, T = 5, D = 4;
  const dim3 grid(T, B);
  std::vector<double> qkv = rng.vec(B * T * 3 * D), out = rng.vec(B * T * D),
                      att = rng.vec(B * T * T);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(B * T * D), wa = rng.vec(B * T * T);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_att(att), d_qkv(qkv);
    CUAD_LAUNCH((causal_attention_forward<double, 8>), grid, 32, d_out.ptr, d_att.ptr, d_qkv.ptr,
                B, T, D);
    return dot(w, d_out.get()) + dot(wa, d_att.get());
  };
  DeviceArray<double> d_out(out), d_att(att), d_qkv(qkv), a_out(w), a_att(wa),
      a_qkv(zeros<double>(B * T * 3 * D));
  CUAD_GRAD(CUAD_LAUNCH((causal_attention_forward_grad_0_1_2<double, 8>), grid, 32, d_out.ptr,
                        d_att.ptr, d_qkv.ptr, B, T, D, a_out.ptr, a_att.ptr, a_qkv.ptr));
  check.array("qkv", a_qkv.get(), fd(qkv, loss));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("att", a_att.get(), fd(att, loss));
#else
  const std::vector<double> vqkv = rng.vec(B * T * 3 * D);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_out(out), d_att(att), d_qkv(along(qkv, t, vqkv));
    CUAD_LAUNCH((causal_attention_forward<double, 8>), grid, 32, d_out.ptr, d_att.ptr, d_qkv.ptr,
                B, T, D);
    std::vector<double> r = d_out.get(), a = d_att.get();
    r.insert(r.end(), a.begin(), a.end());
    return r;
  };
  DeviceArray<double> d_out(out), d_att(att), d_qkv(qkv), t_out(zeros<double>(B * T * D)),
      t_att(zeros<double>(B * T * T)), t_qkv(vqkv);
  CUAD_GRAD(CUAD_LAUNCH((causal_attention_forward_pushforward<double, 8>), grid, 32, d_out.ptr,
                        d_att.ptr, d_qkv.ptr, B, T, D, t_out.ptr, t_att.ptr, t_qkv.ptr));
  std::vector<double> tg = t_out.get(), ta = t_att.get();
  tg.insert(tg.end(), ta.begin(), ta.end());
  check.array("out,att", tg, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
