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
  Checker check("rw3_rounded_intrinsics");
  const int n = 30;
  Rng rng(3132);
  std::vector<float> x = rng.vec<float>(4 * n, 0.2, 1.5), w = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float4> d_x(as4(x));
    DeviceArray<float> d_o(n, 0.f);
    CUAD_LAUNCH(rounded_features, 1, 32, d_x.ptr, d_o.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float4> d_x(as4(x)), a_x(as4(zeros<float>(4 * n)));
  DeviceArray<float> d_o(n, 0.f), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(rounded_features_grad_0_1, 1, 32, d_x.ptr, d_o.ptr, n, a_x.ptr, a_o.ptr));
  check.array("x", flat(a_x.get()), fd(x, loss));
  check.array("out", a_o.get(), std::vector<double>(n, 0.0));
#else
  std::vector<float> vx = rng.vec<float>(4 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<float4> d_x(as4(along(x, t, vx)));
    DeviceArray<float> d_o(n, 0.f);
    CUAD_LAUNCH(rounded_features, 1, 32, d_x.ptr, d_o.ptr, n);
    return as_doubles(d_o.get());
  };
  DeviceArray<float4> d_x(as4(x)), t_x(as4(vx));
  DeviceArray<float> d_o(n, 0.f), t_o(n, 0.f);
  CUAD_GRAD(CUAD_LAUNCH(rounded_features_pushforward, 1, 32, d_x.ptr, d_o.ptr, n, t_x.ptr, t_o.ptr));
  check.array("out", t_o.get(), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
