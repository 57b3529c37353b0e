#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_flash_window");
  Rng rng(24312);
  // T = 21 queries in blocks of 4, key tiles of 8, window 6: late queries see whole tiles
  // (and parts of tiles) that lie entirely before their window
  const int T = 21, H = 2, window = 6, n = T * H * HD;
  const float scale = 0.5f;
  std::vector<float> Q = rng.vec<float>(n, -1.5, 1.5), K = rng.vec<float>(n, -1.5, 1.5), V = rng.vec<float>(n),
                     O = rng.vec<float>(n), L = rng.vec<float>(H * T);
  const dim3 grid((T + 3) / 4, H);
  auto run = [&](const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v) {
    DeviceArray<float> dq(q), dk(k), dv(v), dO(O), dL(L);
    CUAD_LAUNCH((flash_attn_fwd<4, 8>), grid, 4, dq.ptr, dk.ptr, dv.ptr, dO.ptr, dL.ptr, T, H, window, scale);
    std::vector<float> o = dO.get(), l = dL.get();
    o.insert(o.end(), l.begin(), l.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(n), wl = rng.vec<float>(H * T);
  std::vector<float> w = wo;
  w.insert(w.end(), wl.begin(), wl.end());
  auto loss = [&] { return dot(w, run(Q, K, V)); };
  DeviceArray<float> dq(Q), dk(K), dv(V), dO(O), dL(L), gq(zeros<float>(n)), gk(zeros<float>(n)), gv(zeros<float>(n)),
      gO(wo), gL(wl);
  CUAD_GRAD(CUAD_LAUNCH((flash_attn_fwd_grad_0_1_2_3_4<4, 8>), grid, 4, dq.ptr, dk.ptr, dv.ptr, dO.ptr, dL.ptr, T, H,
                        window, scale, gq.ptr, gk.ptr, gv.ptr, gO.ptr, gL.ptr));
  check.array("Q", gq.get(), fd(Q, loss));
  check.array("K", gk.get(), fd(K, loss));
  check.array("V", gv.get(), fd(V, loss));
  check.array("O", gO.get(), zeros<double>(n));
  check.array("LSE", gL.get(), zeros<double>(H * T));
#else
  const std::vector<float> vq = rng.vec<float>(n), vk = rng.vec<float>(n), vv = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(Q, t, vq), along(K, t, vk), along(V, t, vv))); };
  DeviceArray<float> dq(Q), dk(K), dv(V), dO(O), dL(L), tq(vq), tk(vk), tv(vv), tO(zeros<float>(n)),
      tL(zeros<float>(H * T));
  CUAD_GRAD(CUAD_LAUNCH((flash_attn_fwd_pushforward_0_1_2_3_4<4, 8>), grid, 4, dq.ptr, dk.ptr, dv.ptr, dO.ptr, dL.ptr,
                        T, H, window, scale, tq.ptr, tk.ptr, tv.ptr, tO.ptr, tL.ptr));
  std::vector<float> t = tO.get(), t2 = tL.get();
  t.insert(t.end(), t2.begin(), t2.end());
  check.array("tangent", as_doubles(t), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
