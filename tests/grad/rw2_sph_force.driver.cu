#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_sph_force");
  const int n = 24, maxn = 6;
  const float h = 0.6f, rho0 = 1.0f, B = 0.5f;
  Rng rng(209);
  std::vector<float> pf = rng.vec<float>(3 * n, 0.0, 1.2), rho = rng.vec<float>(n, 0.9, 1.1),
                     mass = rng.vec<float>(n, 0.5, 1.0), af = rng.vec<float>(3 * n),
                     w = rng.vec<float>(3 * n);
  std::vector<int> nbr(n * maxn, -1);
  for (int i = 0; i < n; ++i) {
    int c = 0;
    for (int j = 0; j < n && c < maxn; ++j) {
      if (j == i) continue;
      float dx = pf[3 * i] - pf[3 * j], dy = pf[3 * i + 1] - pf[3 * j + 1],
            dz = pf[3 * i + 2] - pf[3 * j + 2];
      float r = std::sqrt(dx * dx + dy * dy + dz * dz);
      if (r < 0.8f && std::fabs(r - h) > 0.08f) nbr[i * maxn + c++] = j;
    }
  }
  auto to3 = [](const std::vector<float>& v) {
    std::vector<float3> o(v.size() / 3);
    for (size_t i = 0; i < o.size(); ++i) o[i] = make_float3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    return o;
  };
  auto from3 = [](const std::vector<float3>& v) {
    std::vector<float> o(3 * v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      o[3 * i] = v[i].x;
      o[3 * i + 1] = v[i].y;
      o[3 * i + 2] = v[i].z;
    }
    return o;
  };
  DeviceArray<int> d_n(nbr);
  auto loss = [&] {
    DeviceArray<float3> d_a(to3(af)), d_p(to3(pf));
    DeviceArray<float> d_r(rho), d_m(mass);
    CUAD_LAUNCH(sph_pressure_force, 1, 32, d_a.ptr, d_p.ptr, d_r.ptr, d_m.ptr, d_n.ptr, maxn, n, h,
                rho0, B);
    return dot(w, from3(d_a.get()));
  };
  DeviceArray<float3> d_a(to3(af)), d_p(to3(pf)), a_a(to3(w)), a_p(to3(zeros<float>(3 * n)));
  DeviceArray<float> d_r(rho), d_m(mass), a_r(zeros<float>(n)), a_m(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(sph_pressure_force_grad_0_1_2_3, 1, 32, d_a.ptr, d_p.ptr, d_r.ptr, d_m.ptr,
                        d_n.ptr, maxn, n, h, rho0, B, a_a.ptr, a_p.ptr, a_r.ptr, a_m.ptr));
  check.array("acc", from3(a_a.get()), fd(af, loss));
  check.array("pos", from3(a_p.get()), fd(pf, loss));
  check.array("rho", a_r.get(), fd(rho, loss));
  check.array("mass", a_m.get(), fd(mass, loss));
  return check.finish();
}
