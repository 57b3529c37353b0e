#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<float4> as4(const std::vector<float>& v) {
  return std::vector<float4>((const float4*)v.data(), (const float4*)v.data() + v.size() / 4);
}
static std::vector<float> flat(const std::vector<float4>& v) {
  return std::vector<float>((const float*)v.data(), (const float*)v.data() + 4 * v.size());
}

int main() {
  Checker check("rw9_img_tonemap");
  const int n = 100;  // a partial last block and a partial warp
  Rng rng(9707);
  std::vector<float> hdr = rng.vec<float>(4 * n, 0.05, 4.0), w = rng.vec<float>(4 * n);
#if CUAD_OUTPUT == 1
  float exposure = 1.3f, gamma = 2.2f;
  auto loss = [&] {
    std::vector<float4> o(n);
    tonemap_hdr(as4(hdr).data(), o.data(), n, exposure, gamma);
    return dot(w, flat(o));
  };
  std::vector<float4> h4 = as4(hdr), o(n), a_h(n, make_float4(0.f, 0.f, 0.f, 0.f)), a_o = as4(w);
  float a_e = 0, a_g = 0;
  CUAD_GRAD(tonemap_hdr_grad_0_1_3_4(h4.data(), o.data(), n, exposure, gamma, a_h.data(),
                                     a_o.data(), &a_e, &a_g));
  check.array("hdr", flat(a_h), fd(hdr, loss));
  check.scalar("exposure", a_e, fd(exposure, loss));
  check.scalar("gamma", a_g, fd(gamma, loss));
#else
  float lavg = 0.9f, white = 2.5f;
  std::vector<float> o0 = rng.vec<float>(4 * n);
  auto loss = [&] {
    DeviceArray<float4> d_p(as4(hdr)), d_o(as4(o0));
    CUAD_LAUNCH(reinhard, 2, 64, d_p.ptr, d_o.ptr, n, lavg, 0.25f, white, 1.0f / 2.2f);
    return dot(w, flat(d_o.get()));
  };
  DeviceArray<float4> d_p(as4(hdr)), d_o(as4(o0)), a_p(as4(zeros<float>(4 * n))), a_o(as4(w));
  DeviceScalar<float> a_l, a_w;
  CUAD_GRAD(CUAD_LAUNCH(reinhard_grad_0_1_3_5, 2, 64, d_p.ptr, d_o.ptr, n, lavg, 0.25f, white,
                        1.0f / 2.2f, a_p.ptr, a_o.ptr, a_l.ptr, a_w.ptr));
  check.array("px", flat(a_p.get()), fd(hdr, loss));
  check.scalar("lavg", a_l.value(), fd(lavg, loss));
  check.scalar("white", a_w.value(), fd(white, loss));
  check.array("out", flat(a_o.get()), std::vector<double>(4 * n, 0.0));
#endif
  return check.finish();
}
