#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_host_causal_attn");
  const int B = 2, T = 10, D = 24, na = B * T * T, nv = B * T * D;
  Rng rng(9112);
  std::vector<float> att = rng.vec<float>(na, -3.0, 3.0), v = rng.vec<float>(nv), out = rng.vec<float>(nv);
  const std::vector<float> w = rng.vec<float>(nv);
  auto loss = [&] {
    std::vector<float> o = out;
    causal_attention(o.data(), att.data(), v.data(), B, T, D);
    return dot(w, o);
  };
  std::vector<float> o = out, a_o = w, a_att(na, 0.f), a_v(nv, 0.f);
  CUAD_GRAD(causal_attention_grad_0_1_2(o.data(), att.data(), v.data(), B, T, D, a_o.data(), a_att.data(),
                                        a_v.data()));
  check.array("out", a_o, fd(out, loss));
  check.array("att_in", a_att, fd(att, loss));
  check.array("v", a_v, fd(v, loss));
  return check.finish();
}
