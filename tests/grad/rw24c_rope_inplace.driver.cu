#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_rope_inplace");
  Rng rng(24301);
  const int T = 3, H = 4, HKV = 2, D = 8;
  std::vector<int> tpos = {0, 1, 2};
  bool ok = true;
  for (int layout = 0; layout < 2; ++layout) {
    RopeParams p{H, HKV, D, H * D + 3, D, HKV * D + 1, D, 5, layout, 300.0f, 1.5f};
    const int nq = T * p.q_stride_tok, nk = T * p.k_stride_tok;
    std::vector<float> q = rng.vec<float>(nq), k = rng.vec<float>(nk);
    auto run = [&](const std::vector<float>& qv, const std::vector<float>& kv, RopeParams pp) {
      DeviceArray<float> dq(qv), dk(kv);
      DeviceArray<int> dp(tpos);
      CUAD_LAUNCH(rope_qk_inplace, T, 8, dq.ptr, dk.ptr, dp.ptr, T, pp);
      std::vector<float> o = dq.get(), ok2 = dk.get();
      o.insert(o.end(), ok2.begin(), ok2.end());
      return o;
    };
#if CUAD_OUTPUT == 1
    const std::vector<float> wq = rng.vec<float>(nq), wk = rng.vec<float>(nk);
    std::vector<float> w = wq;
    w.insert(w.end(), wk.begin(), wk.end());
    auto loss = [&] { return dot(w, run(q, k, p)); };
    DeviceArray<float> dq(q), dk(k), gq(wq), gk(wk);
    DeviceArray<int> dp(tpos);
    RopeParams gp{};
    gp.theta = 0.0f;
    gp.pos_scale = 0.0f;
    DeviceArray<RopeParams> dgp(std::vector<RopeParams>{gp});
    CUAD_GRAD(CUAD_LAUNCH(rope_qk_inplace_grad_0_1_4, T, 8, dq.ptr, dk.ptr, dp.ptr, T, p, gq.ptr,
                          gk.ptr, dgp.ptr));
    const RopeParams g = dgp.get()[0];
    const std::string L = layout ? "gptj " : "neox ";
    check.array(L + "q", gq.get(), fd(q, loss));
    check.array(L + "k", gk.get(), fd(k, loss));
    check.scalar(L + "theta", g.theta, fd(p.theta, loss));
    check.scalar(L + "pos_scale", g.pos_scale, fd(p.pos_scale, loss));
#else
    const std::vector<float> vq = rng.vec<float>(nq), vk = rng.vec<float>(nk);
    const float vth = 40.0f, vps = 0.3f;
    auto outputs_at = [&](double t) {
      RopeParams pp = p;
      pp.theta = along(p.theta, t, vth);
      pp.pos_scale = along(p.pos_scale, t, vps);
      return as_doubles(run(along(q, t, vq), along(k, t, vk), pp));
    };
    DeviceArray<float> dq(q), dk(k), tq(vq), tk(vk);
    DeviceArray<int> dp(tpos);
    RopeParams tp = p;
    tp.theta = vth;
    tp.pos_scale = vps;
    CUAD_GRAD(CUAD_LAUNCH(rope_qk_inplace_pushforward, T, 8, dq.ptr, dk.ptr, dp.ptr, T, p,
                          tq.ptr, tk.ptr, tp));
    std::vector<float> t = tq.get(), t2 = tk.get();
    t.insert(t.end(), t2.begin(), t2.end());
    check.array(layout ? "gptj tangent" : "neox tangent", as_doubles(t), directional_fd<float>(outputs_at),
                default_tol<float>());
#endif
  }
  (void)ok;
  return check.finish();
}
