#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_nbody_energy");
  const int n = 45;  // 1 block x 32 threads: two trips, the last one partial
  const float eps2 = 0.5f;
  Rng rng(9110);
  std::vector<float> pf = rng.vec<float>(4 * n, -3.0, 3.0);
  for (int i = 0; i < n; ++i) pf[4 * i + 3] = (float)rng.uniform(0.2, 0.6);
  auto to4 = [&](const std::vector<float>& f) {
    std::vector<float4> v(n);
    for (int i = 0; i < n; ++i) v[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
    return v;
  };
  auto flat = [&](const std::vector<float4>& v) {
    std::vector<float> f(4 * n);
    for (int i = 0; i < n; ++i) { f[4 * i] = v[i].x; f[4 * i + 1] = v[i].y; f[4 * i + 2] = v[i].z; f[4 * i + 3] = v[i].w; }
    return f;
  };
  float e0 = 0.5f;
  const float we = 0.7f;
  const size_t smem = 32 * sizeof(float4);
  auto loss = [&] {
    DeviceScalar<float> de(e0);
    DeviceArray<float4> dp(to4(pf));
    CUAD_LAUNCH_SHARED(nbody_potential, 1, 32, smem, de.ptr, dp.ptr, eps2, n);
    return we * (double)de.value();
  };
  DeviceScalar<float> de(e0), ae(we);
  DeviceArray<float4> dp(to4(pf)), ap(to4(zeros<float>(4 * n)));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(nbody_potential_grad_0_1, 1, 32, 2 * smem, de.ptr, dp.ptr, eps2, n, ae.ptr, ap.ptr));
  check.scalar("energy", ae.value(), fd(e0, loss));
  check.array("pos", flat(ap.get()), fd(pf, loss));
  return check.finish();
}
