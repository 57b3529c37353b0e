#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_nbody_smem");
  const int n = 40;  // two blocks of 32, the second tile partial
  const float dt = 0.1f;
  float soft2 = 0.3f;
  Rng rng(9101);
  std::vector<float> p = rng.vec<float>(3 * n, -2.0, 2.0), v = rng.vec<float>(3 * n),
                     m = rng.vec<float>(n, 0.5, 1.5), w = rng.vec<float>(3 * n);
  auto to3 = [&](const std::vector<float>& f) {
    std::vector<float3> r(n);
    for (int i = 0; i < n; ++i) r[i] = make_float3(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
    return r;
  };
  auto flat = [&](const std::vector<float3>& r) {
    std::vector<float> f(3 * n);
    for (int i = 0; i < n; ++i) { f[3 * i] = r[i].x; f[3 * i + 1] = r[i].y; f[3 * i + 2] = r[i].z; }
    return f;
  };
  auto loss = [&] {
    DeviceArray<float3> dv(to3(v)), dp(to3(p));
    DeviceArray<float> dm(m);
    CUAD_LAUNCH(nbody_kick, 2, 32, dv.ptr, dp.ptr, dm.ptr, soft2, dt, n);
    return dot(w, flat(dv.get()));
  };
  DeviceArray<float3> dv(to3(v)), dp(to3(p)), av(to3(w)), ap(to3(zeros<float>(3 * n)));
  DeviceArray<float> dm(m), am(zeros<float>(n));
  DeviceScalar<float> as(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(nbody_kick_grad_0_1_2_3, 2, 32, dv.ptr, dp.ptr, dm.ptr, soft2, dt, n,
                        av.ptr, ap.ptr, am.ptr, as.ptr));
  check.array("vel", flat(av.get()), fd(v, loss));
  check.array("pos", flat(ap.get()), fd(p, loss));
  check.array("mass", am.get(), fd(m, loss));
  check.scalar("soft2", as.value(), fd(soft2, loss));
  return check.finish();
}
