#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_attn_tile");
  constexpr int D = 16, TILE = 8;
  const int BH = 2, T = 20, nq = BH * T * D, na = BH * T * T;
  const dim3 grid((T + TILE - 1) / TILE, BH);
  Rng rng(9106);
  std::vector<float> q = rng.vec<float>(nq), k = rng.vec<float>(nq), att = rng.vec<float>(na);
  const std::vector<float> w = rng.vec<float>(na);
  const float scale = 0.25f;
  auto loss = [&] {
    DeviceArray<float> d_a(att), d_q(q), d_k(k);
    CUAD_LAUNCH((attn_scores<D, TILE>), grid, TILE, d_a.ptr, d_q.ptr, d_k.ptr, T, scale);
    return dot(w, d_a.get());
  };
  DeviceArray<float> d_a(att), d_q(q), d_k(k), a_a(w), a_q(zeros<float>(nq)), a_k(zeros<float>(nq));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((attn_scores_grad_0_1_2<D, TILE>), grid, TILE, d_a.ptr, d_q.ptr, d_k.ptr, T,
                        scale, a_a.ptr, a_q.ptr, a_k.ptr));
  check.array("q", a_q.get(), fd(q, loss));
#else
  CUAD_GRAD(CUAD_LAUNCH((attn_scores_grad_0_2<D, TILE>), grid, TILE, d_a.ptr, d_q.ptr, d_k.ptr, T,
                        scale, a_a.ptr, a_k.ptr));
#endif
  check.array("att", a_a.get(), fd(att, loss));
  check.array("k", a_k.get(), fd(k, loss));
  return check.finish();
}
