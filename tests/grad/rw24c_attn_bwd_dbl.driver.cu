#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_attn_bwd_dbl");
  Rng rng(24318);
  const int T = 6, H = 2, n = T * H * HD;
  const float scale = 0.5f;
  std::vector<float> Q = rng.vec<float>(n), K = rng.vec<float>(n), V = rng.vec<float>(n), O = rng.vec<float>(n),
                     dO = rng.vec<float>(n), dQ = rng.vec<float>(n), dK = rng.vec<float>(n), dV = rng.vec<float>(n);
  // the true log-sum-exp of each row, plus a perturbation (the kernel is smooth in it anyway)
  std::vector<float> L(H * T);
  for (int h = 0; h < H; ++h)
    for (int i = 0; i < T; ++i) {
      double m = -1e30, se = 0.0;
      std::vector<double> s(i + 1);
      for (int j = 0; j <= i; ++j) {
        double a = 0.0;
        for (int d = 0; d < HD; ++d) a += (double)Q[i * H * HD + h * HD + d] * K[j * H * HD + h * HD + d];
        s[j] = a * scale;
        m = std::fmax(m, s[j]);
      }
      for (int j = 0; j <= i; ++j) se += std::exp(s[j] - m);
      L[h * T + i] = (float)(m + std::log(se) + rng.uniform(-0.1, 0.1));
    }
  const std::vector<float> wq = rng.vec<float>(n), wk = rng.vec<float>(n), wv = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> a(Q), b(K), c(V), d(O), e(dO), f(L), gq(dQ), gk(dK), gv(dV);
    CUAD_LAUNCH(attn_backward, 1, 32, a.ptr, b.ptr, c.ptr, d.ptr, e.ptr, f.ptr, gq.ptr, gk.ptr, gv.ptr, T, H, scale);
    return dot(wq, gq.get()) + dot(wk, gk.get()) + dot(wv, gv.get());
  };
  DeviceArray<float> a(Q), b(K), c(V), d(O), e(dO), f(L), gq(dQ), gk(dK), gv(dV), aQ(zeros<float>(n)), aK(zeros<float>(n)),
      aV(zeros<float>(n)), aO(zeros<float>(n)), adO(zeros<float>(n)), aL(zeros<float>(H * T)), adQ(wq), adK(wk), adV(wv);
  CUAD_GRAD(CUAD_LAUNCH(attn_backward_grad_0_1_2_3_4_5_6_7_8, 1, 32, a.ptr, b.ptr, c.ptr, d.ptr, e.ptr, f.ptr, gq.ptr,
                        gk.ptr, gv.ptr, T, H, scale, aQ.ptr, aK.ptr, aV.ptr, aO.ptr, adO.ptr, aL.ptr, adQ.ptr, adK.ptr,
                        adV.ptr));
  check.array("Q", aQ.get(), fd(Q, loss));
  check.array("K", aK.get(), fd(K, loss));
  check.array("V", aV.get(), fd(V, loss));
  check.array("O", aO.get(), fd(O, loss));
  check.array("dO", adO.get(), fd(dO, loss));
  check.array("LSE", aL.get(), fd(L, loss));
  check.array("dQ", adQ.get(), fd(dQ, loss));
  check.array("dK", adK.get(), fd(dK, loss));
  check.array("dV", adV.get(), fd(dV, loss));
  return check.finish();
}
