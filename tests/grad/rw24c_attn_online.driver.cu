#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_attn_online");
  Rng rng(24302);
  const int HD = 8, T = 4, H = 4, HKV = 2, cache_len = 3, window = 5;
  const int slots = cache_len + T + 1;  // one spare slot never read
  KVLayout kv{HKV * HD + 2, HD};
  const int nq = T * H * HD, nkv = slots * kv.stride_slot, no = T * H * HD;
  const float scale = 0.6f;
  std::vector<float> q = rng.vec<float>(nq, -1.5, 1.5), kc = rng.vec<float>(nkv, -1.5, 1.5),
                     vc = rng.vec<float>(nkv), out = rng.vec<float>(no);
  auto run = [&](const std::vector<float>& qv, const std::vector<float>& kvv,
                 const std::vector<float>& vv) {
    DeviceArray<float> dq(qv), dk(kvv), dv(vv), dout(out);
    CUAD_LAUNCH(causal_attn_online<8>, T, H, dq.ptr, dk.ptr, dv.ptr, dout.ptr, T, H, HKV, cache_len,
                window, kv, scale);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(no);
  auto loss = [&] { return dot(w, run(q, kc, vc)); };
  DeviceArray<float> dq(q), dk(kc), dv(vc), dout(out), gq(zeros<float>(nq)), gk(zeros<float>(nkv)),
      gv(zeros<float>(nkv)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(causal_attn_online_grad_0_1_2_3<8>, T, H, dq.ptr, dk.ptr, dv.ptr, dout.ptr, T,
                        H, HKV, cache_len, window, kv, scale, gq.ptr, gk.ptr, gv.ptr, gout.ptr));
  check.array("q", gq.get(), fd(q, loss));
  check.array("k_cache", gk.get(), fd(kc, loss));
  check.array("v_cache", gv.get(), fd(vc, loss));
  check.array("out", gout.get(), fd(out, loss));
#else
  const std::vector<float> vq = rng.vec<float>(nq), vk = rng.vec<float>(nkv), vv = rng.vec<float>(nkv),
                           vo = rng.vec<float>(no);
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(kc, t, vk), along(vc, t, vv))); };
  DeviceArray<float> dq(q), dk(kc), dv(vc), dout(out), tq(vq), tk(vk), tv(vv), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH(causal_attn_online_pushforward_0_1_2_3<8>, T, H, dq.ptr, dk.ptr, dv.ptr, dout.ptr, T, H,
                        HKV, cache_len, window, kv, scale, tq.ptr, tk.ptr, tv.ptr, tout.ptr));
  check.array("out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), as_doubles(run(q, kc, vc)));
#endif
#endif
  return check.finish();
}
