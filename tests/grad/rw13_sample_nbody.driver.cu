#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_nbody");
  const int n = 48, p = 16, blocks = n / p;  // 3 blocks of 16 bodies, 3 tiles
  const float dt = 0.05f, damping = 0.98f;
  Rng rng(1306);
  std::vector<float> pos = rng.vec<float>(4 * n, -2.0, 2.0), vel = rng.vec<float>(4 * n),
                     wp = rng.vec<float>(4 * n), wv = rng.vec<float>(4 * n);
  for (int i = 0; i < n; ++i) {
    pos[4 * i + 3] = 0.5f + 0.5f * (float)((i * 7) % 5) / 5.0f;  // masses
    vel[4 * i + 3] = 0.0f;
  }
  auto to4 = [&](const std::vector<float>& f) {
    std::vector<float4> r(n);
    for (int i = 0; i < n; ++i) r[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
    return r;
  };
  auto flat = [&](const std::vector<float4>& r) {
    std::vector<float> f(4 * n);
    for (int i = 0; i < n; ++i) { f[4 * i] = r[i].x; f[4 * i + 1] = r[i].y; f[4 * i + 2] = r[i].z; f[4 * i + 3] = r[i].w; }
    return f;
  };
  const size_t smem = p * sizeof(float4);
  auto loss = [&] {
    DeviceArray<float4> dp(to4(pos)), dv(to4(vel)), np(n, make_float4(0, 0, 0, 0)),
        nv(n, make_float4(0, 0, 0, 0));
    CUAD_LAUNCH_SHARED(integrateBodies, blocks, p, smem, np.ptr, nv.ptr, dp.ptr, dv.ptr, dt,
                       damping, n);
    return dot(wp, flat(np.get())) + dot(wv, flat(nv.get()));
  };
  DeviceArray<float4> dp(to4(pos)), dv(to4(vel)), np(n, make_float4(0, 0, 0, 0)),
      nv(n, make_float4(0, 0, 0, 0)), anp(to4(wp)), anv(to4(wv)),
      ap(n, make_float4(0, 0, 0, 0)), av(n, make_float4(0, 0, 0, 0));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(integrateBodies_grad_0_1_2_3, blocks, p, 2 * smem, np.ptr, nv.ptr, dp.ptr,
                               dv.ptr, dt, damping, n, anp.ptr, anv.ptr, ap.ptr, av.ptr));
  check.array("oldPos", flat(ap.get()), fd(pos, loss));
  check.array("oldVel", flat(av.get()), fd(vel, loss));
  return check.finish();
}
