#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_hll_flux");
  const int n = 40;
  const float dx = 0.1f, g = 9.81f;
  Rng rng(210);
  std::vector<float> h(n), hu(n), hn = rng.vec<float>(n), hun = rng.vec<float>(n),
                              w1 = rng.vec<float>(n), w2 = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) {  // a dam break with flow: subsonic, supercritical regions
    h[i] = (i < n / 2 ? 2.0f : 1.0f) + 0.1f * std::sin(0.7f * i);
    float u = (i < n / 3) ? 6.0f : (i > 2 * n / 3 ? -6.5f : 0.5f * std::cos(0.3f * i));
    hu[i] = h[i] * u;
  }
  float dt = 0.01f;
  auto loss = [&] {
    DeviceArray<float> d_hn(hn), d_hun(hun), d_h(h), d_hu(hu);
    CUAD_LAUNCH(swe_hll_update, 2, 32, d_hn.ptr, d_hun.ptr, d_h.ptr, d_hu.ptr, dt, dx, g, n);
    return dot(w1, d_hn.get()) + dot(w2, d_hun.get());
  };
  DeviceArray<float> d_hn(hn), d_hun(hun), d_h(h), d_hu(hu), a_hn(w1), a_hun(w2),
      a_h(zeros<float>(n)), a_hu(zeros<float>(n));
  DeviceScalar<float> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(swe_hll_update_grad_0_1_2_3_4, 2, 32, d_hn.ptr, d_hun.ptr, d_h.ptr,
                        d_hu.ptr, dt, dx, g, n, a_hn.ptr, a_hun.ptr, a_h.ptr, a_hu.ptr, a_dt.ptr));
  check.array("hn", a_hn.get(), fd(hn, loss));
  check.array("hun", a_hun.get(), fd(hun, loss));
  check.array("h", a_h.get(), fd(h, loss));
  check.array("hu", a_hu.get(), fd(hu, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
