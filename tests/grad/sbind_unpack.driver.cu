#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float2> as_float2(const std::vector<float>& v) {
  std::vector<float2> out(v.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = make_float2(v[2 * i], v[2 * i + 1]);
  return out;
}
static std::vector<float4> as_float4(const std::vector<float>& v) {
  std::vector<float4> out(v.size() / 4);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
  return out;
}
static std::vector<float> flat2(const std::vector<float2>& v) {
  std::vector<float> out;
  for (const float2& e : v) out.insert(out.end(), {e.x, e.y});
  return out;
}
static std::vector<float> flat4(const std::vector<float4>& v) {
  std::vector<float> out;
  for (const float4& e : v) out.insert(out.end(), {e.x, e.y, e.z, e.w});
  return out;
}

int main() {
  Checker check("sbind_unpack");
  const int n = 40;
  Rng rng(1717);
  // Points away from the origin and from atan2's branch cut (x > 0.5).
  std::vector<float> p = rng.vec<float>(2 * n, 0.5, 1.5), q = rng.vec<float>(4 * n, 0.5, 1.5),
                     w = rng.vec<float>(3 * n), out = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  std::vector<float> wo = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float2> d_p(as_float2(p));
    DeviceArray<float4> d_q(as_float4(q));
    DeviceArray<float> d_w(w), d_out(out);
    CUAD_LAUNCH(unpack, 2, 32, d_p.ptr, d_q.ptr, d_w.ptr, d_out.ptr, n);
    return dot(wo, d_out.get());
  };
  DeviceArray<float2> d_p(as_float2(p)), a_p(as_float2(zeros<float>(2 * n)));
  DeviceArray<float4> d_q(as_float4(q)), a_q(as_float4(zeros<float>(4 * n)));
  DeviceArray<float> d_w(w), d_out(out), a_w(zeros<float>(3 * n)), a_out(wo);
  CUAD_GRAD(CUAD_LAUNCH(unpack_grad_0_1_2_3, 2, 32, d_p.ptr, d_q.ptr, d_w.ptr, d_out.ptr, n,
                        a_p.ptr, a_q.ptr, a_w.ptr, a_out.ptr));
  check.array("p", flat2(a_p.get()), fd(p, loss));
  check.array("q", flat4(a_q.get()), fd(q, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.array("out (only written)", a_out.get(), fd(out, loss));
#else
  std::vector<float> vp = rng.vec<float>(2 * n), vq = rng.vec<float>(4 * n), vw = rng.vec<float>(3 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<float2> d_p(as_float2(along(p, t, vp)));
    DeviceArray<float4> d_q(as_float4(along(q, t, vq)));
    DeviceArray<float> d_w(along(w, t, vw)), d_out(out);
    CUAD_LAUNCH(unpack, 2, 32, d_p.ptr, d_q.ptr, d_w.ptr, d_out.ptr, n);
    return as_doubles(d_out.get());
  };
  DeviceArray<float2> d_p(as_float2(p)), t_p(as_float2(vp));
  DeviceArray<float4> d_q(as_float4(q)), t_q(as_float4(vq));
  DeviceArray<float> d_w(w), t_w(vw), d_out(out), t_out(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(unpack_pushforward, 2, 32, d_p.ptr, d_q.ptr, d_w.ptr, d_out.ptr, n,
                        t_p.ptr, t_q.ptr, t_w.ptr, t_out.ptr));
  check.array("out", t_out.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
