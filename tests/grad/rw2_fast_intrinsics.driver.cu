#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_fast_intrinsics");
  const int n = 80;
  Rng rng(214);
  std::vector<float> xf = rng.vec<float>(2 * n, -2.0, 2.0), wv = rng.vec<float>(n, 0.3, 1.6),
                     of = rng.vec<float>(2 * n), wo = rng.vec<float>(2 * n);
  float shift = 0.2f;
  auto to2 = [](const std::vector<float>& v) {
    std::vector<float2> o(v.size() / 2);
    for (size_t i = 0; i < o.size(); ++i) o[i] = make_float2(v[2 * i], v[2 * i + 1]);
    return o;
  };
  auto from2 = [](const std::vector<float2>& v) {
    std::vector<float> o(2 * v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      o[2 * i] = v[i].x;
      o[2 * i + 1] = v[i].y;
    }
    return o;
  };
  for (int i = 0; i < n; ++i) {  // away from the clamps' kinks
    float e = xf[2 * i] * xf[2 * i] + xf[2 * i + 1] * xf[2 * i + 1] + 1e-3f;
    float b = xf[2 * i + 1] / std::sqrt(e) * wv[i];
    if (std::fabs(std::fabs(b) - 0.9f) < 0.03f || std::fabs(b + 0.5f) < 0.03f ||
        std::fabs(b) < 0.01f)
      xf[2 * i + 1] *= 0.7f;
  }
  auto loss = [&] {
    DeviceArray<float2> d_o(to2(of)), d_x(to2(xf));
    DeviceArray<float> d_w(wv);
    CUAD_LAUNCH(fused_norm_act, 1, 128, d_o.ptr, d_x.ptr, d_w.ptr, shift, n);
    return dot(wo, from2(d_o.get()));
  };
  DeviceArray<float2> d_o(to2(of)), d_x(to2(xf)), a_o(to2(wo)), a_x(to2(zeros<float>(2 * n)));
  DeviceArray<float> d_w(wv), a_w(zeros<float>(n));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(fused_norm_act_grad_0_1_2_3, 1, 128, d_o.ptr, d_x.ptr, d_w.ptr, shift, n,
                        a_o.ptr, a_x.ptr, a_w.ptr, a_s.ptr));
  check.array("out", from2(a_o.get()), fd(of, loss));
  check.array("x", from2(a_x.get()), fd(xf, loss));
  check.array("w", a_w.get(), fd(wv, loss));
  check.scalar("shift", a_s.value(), fd(shift, loss));
  return check.finish();
}
