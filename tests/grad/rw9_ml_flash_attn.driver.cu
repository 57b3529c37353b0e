#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_flash_attn");
  constexpr int D = 16, TILE = 8;
  const int BH = 2, T = 13, nq = BH * T * D;
  const dim3 grid((T + TILE - 1) / TILE, BH);
  Rng rng(9108);
  std::vector<float> q = rng.vec<float>(nq), k = rng.vec<float>(nq), v = rng.vec<float>(nq),
                     out = rng.vec<float>(nq), lse = rng.vec<float>(BH * T);
  const std::vector<float> w = rng.vec<float>(nq), wl = rng.vec<float>(BH * T);
  const float scale = 0.5f;
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_l(lse), d_q(q), d_k(k), d_v(v);
    CUAD_LAUNCH((flash_attn_fwd<D, TILE>), grid, TILE, d_o.ptr, d_l.ptr, d_q.ptr, d_k.ptr, d_v.ptr, T, scale);
    return dot(w, d_o.get()) + dot(wl, d_l.get());
  };
  DeviceArray<float> d_o(out), d_l(lse), d_q(q), d_k(k), d_v(v), a_o(w), a_l(wl), a_q(zeros<float>(nq)),
      a_k(zeros<float>(nq)), a_v(zeros<float>(nq));
  CUAD_GRAD(CUAD_LAUNCH((flash_attn_fwd_grad_0_1_2_3_4<D, TILE>), grid, TILE, d_o.ptr, d_l.ptr, d_q.ptr,
                        d_k.ptr, d_v.ptr, T, scale, a_o.ptr, a_l.ptr, a_q.ptr, a_k.ptr, a_v.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("lse", a_l.get(), fd(lse, loss));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("k", a_k.get(), fd(k, loss));
  check.array("v", a_v.get(), fd(v, loss));
  return check.finish();
}
