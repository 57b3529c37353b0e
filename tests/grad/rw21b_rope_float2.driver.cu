#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_rope_float2");
  RopeParams p;
  p.n_heads = 4;
  p.n_kv_heads = 2;
  p.head_dim = 16;
  p.theta = 10000.0f;
  const std::vector<int> positions = {0, 1, 2, 5, 0, 1, 7};  // two packed sequences
  const int tokens = (int)positions.size(), block = 24;      // 32 q pairs per token
  const int nq = tokens * p.n_heads * p.head_dim, nk = tokens * p.n_kv_heads * p.head_dim;
  Rng rng(21009);
  std::vector<float> q = rng.vec<float>(nq), k = rng.vec<float>(nk), wq = rng.vec<float>(nq),
                     wk = rng.vec<float>(nk);
  DeviceArray<int> d_pos(positions);
  auto loss = [&] {
    DeviceArray<float> dq(q), dk(k);
    CUAD_LAUNCH(rope_inplace, tokens, block, dq.ptr, dk.ptr, d_pos.ptr, p);
    return dot(wq, dq.get()) + dot(wk, dk.get());
  };
  DeviceArray<float> dq(q), dk(k), a_q(wq), a_k(wk);
  CUAD_GRAD(CUAD_LAUNCH(rope_inplace_grad_0_1, tokens, block, dq.ptr, dk.ptr, d_pos.ptr, p, a_q.ptr,
                        a_k.ptr));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("k", a_k.get(), fd(k, loss));
  return check.finish();
}
