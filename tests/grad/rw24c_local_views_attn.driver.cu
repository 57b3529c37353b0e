#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_local_views_attn");
  Rng rng(24328);
  const int B = 2, H = 2, Tn = 4, D = 3, n = B * H * Tn * D;
  const float scale = 0.6f;
  std::vector<float> q = rng.vec<float>(n, -1.5, 1.5), k = rng.vec<float>(n, -1.5, 1.5), v = rng.vec<float>(n),
                     out = rng.vec<float>(n);
  for (int bhtd = 0; bhtd < 2; ++bhtd) {
    const std::string L = bhtd ? "bhtd " : "bthd ";
    auto run = [&](const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c) {
      DeviceArray<float> dq(a), dk(b), dv(c), dout(out);
      CUAD_LAUNCH(attention_views, 1, 32, dq.ptr, dk.ptr, dv.ptr, dout.ptr, B, H, Tn, D, bhtd, scale);
      return dout.get();
    };
#if CUAD_OUTPUT == 1
    const std::vector<float> w = rng.vec<float>(n);
    auto loss = [&] { return dot(w, run(q, k, v)); };
    DeviceArray<float> dq(q), dk(k), dv(v), dout(out), gq(zeros<float>(n)), gk(zeros<float>(n)), gv(zeros<float>(n)),
        gout(w);
    CUAD_GRAD(CUAD_LAUNCH(attention_views_grad_0_1_2_3, 1, 32, dq.ptr, dk.ptr, dv.ptr, dout.ptr, B, H, Tn, D, bhtd,
                          scale, gq.ptr, gk.ptr, gv.ptr, gout.ptr));
    check.array(L + "q", gq.get(), fd(q, loss));
    check.array(L + "k", gk.get(), fd(k, loss));
    check.array(L + "v", gv.get(), fd(v, loss));
    check.array(L + "out", gout.get(), zeros<double>(n));
#else
    const std::vector<float> vq = rng.vec<float>(n), vk = rng.vec<float>(n), vv = rng.vec<float>(n);
    auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(k, t, vk), along(v, t, vv))); };
    DeviceArray<float> dq(q), dk(k), dv(v), dout(out), tq(vq), tk(vk), tv(vv), tout(zeros<float>(n));
    CUAD_GRAD(CUAD_LAUNCH(attention_views_pushforward_0_1_2_3, 1, 32, dq.ptr, dk.ptr, dv.ptr, dout.ptr, B, H, Tn, D,
                          bhtd, scale, tq.ptr, tk.ptr, tv.ptr, tout.ptr));
    check.array(L + "out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  }
  return check.finish();
}
