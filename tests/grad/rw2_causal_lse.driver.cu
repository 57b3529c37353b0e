#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_causal_lse");
  const int T = 19, D = 4;
  Rng rng(207);
  std::vector<float> q = rng.vec<float>(T * D), k = rng.vec<float>(T * D),
                     p = rng.vec<float>(T * T), l = rng.vec<float>(T), wp = rng.vec<float>(T * T),
                     wl = rng.vec<float>(T);
  float scale = 0.6f;
  dim3 block(32, 2), grid((T + 1) / 2);
  auto loss = [&] {
    DeviceArray<float> d_p(p), d_l(l), d_q(q), d_k(k);
    CUAD_LAUNCH(causal_softmax, grid, block, d_p.ptr, d_l.ptr, d_q.ptr, d_k.ptr, scale, T, D);
    return dot(wp, d_p.get()) + dot(wl, d_l.get());
  };
  DeviceArray<float> d_p(p), d_l(l), d_q(q), d_k(k), a_p(wp), a_l(wl), a_q(zeros<float>(T * D)),
      a_k(zeros<float>(T * D));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(causal_softmax_grad_0_1_2_3_4, grid, block, d_p.ptr, d_l.ptr, d_q.ptr,
                        d_k.ptr, scale, T, D, a_p.ptr, a_l.ptr, a_q.ptr, a_k.ptr, a_s.ptr));
  check.array("probs", a_p.get(), fd(p, loss));
  check.array("lse", a_l.get(), fd(l, loss));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("k", a_k.get(), fd(k, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  return check.finish();
}
