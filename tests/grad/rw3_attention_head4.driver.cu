#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float4> as4(const std::vector<float>& f) {
  std::vector<float4> v(f.size() / 4);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
  return v;
}
static std::vector<float> flat(const std::vector<float4>& v) {
  std::vector<float> f;
  for (const float4& a : v) f.insert(f.end(), {a.x, a.y, a.z, a.w});
  return f;
}

int main() {
  Checker check("rw3_attention_head4");
  const int T = 12;
  Rng rng(3111);
  std::vector<float> q = rng.vec<float>(4 * T), k = rng.vec<float>(4 * T), v = rng.vec<float>(4 * T),
                     w = rng.vec<float>(4 * T);
  auto loss = [&] {
    DeviceArray<float4> d_q(as4(q)), d_k(as4(k)), d_v(as4(v)), d_o(as4(std::vector<float>(4 * T)));
    CUAD_LAUNCH(causal_attention, 2, 8, d_q.ptr, d_k.ptr, d_v.ptr, d_o.ptr, T);
    return dot(w, flat(d_o.get()));
  };
  std::vector<float> z(4 * T, 0.f);
  DeviceArray<float4> d_q(as4(q)), d_k(as4(k)), d_v(as4(v)), d_o(as4(z)), a_q(as4(z)), a_k(as4(z)),
      a_v(as4(z)), a_o(as4(w));
  CUAD_GRAD(CUAD_LAUNCH(causal_attention_grad_0_1_2_3, 2, 8, d_q.ptr, d_k.ptr, d_v.ptr, d_o.ptr, T,
                        a_q.ptr, a_k.ptr, a_v.ptr, a_o.ptr));
  check.array("q", flat(a_q.get()), fd(q, loss));
  check.array("k", flat(a_k.get()), fd(k, loss));
  check.array("v", flat(a_v.get()), fd(v, loss));
  check.array("out", flat(a_o.get()), std::vector<double>(4 * T, 0.0));
  return check.finish();
}
