#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_nbody_tiled");
  const int n = 64;  // multiple of TILE, launched with n threads exactly
  const float eps2 = 0.5f;
  Rng rng(516);
  std::vector<float> pf = rng.vec<float>(4 * n), accf = rng.vec<float>(3 * n), w = rng.vec<float>(3 * n);
  for (int i = 0; i < n; ++i) pf[4 * i + 3] = 0.5f + 0.5f * std::fabs(pf[4 * i + 3]);
  auto to4 = [&](const std::vector<float>& f) {
    std::vector<float4> v(n);
    for (int i = 0; i < n; ++i) v[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
    return v;
  };
  auto to3 = [&](const std::vector<float>& f) {
    std::vector<float3> v(n);
    for (int i = 0; i < n; ++i) v[i] = make_float3(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
    return v;
  };
  auto flat3 = [&](const std::vector<float3>& v) {
    std::vector<float> f(3 * n);
    for (int i = 0; i < n; ++i) { f[3 * i] = v[i].x; f[3 * i + 1] = v[i].y; f[3 * i + 2] = v[i].z; }
    return f;
  };
  auto flat4 = [&](const std::vector<float4>& v) {
    std::vector<float> f(4 * n);
    for (int i = 0; i < n; ++i) { f[4 * i] = v[i].x; f[4 * i + 1] = v[i].y; f[4 * i + 2] = v[i].z; f[4 * i + 3] = v[i].w; }
    return f;
  };
  auto loss = [&] {
    DeviceArray<float3> d_a(to3(accf));
    DeviceArray<float4> d_p(to4(pf));
    CUAD_LAUNCH(nbody_tiled, n / 32, 32, d_a.ptr, d_p.ptr, eps2, n);
    return dot(w, flat3(d_a.get()));
  };
  DeviceArray<float3> d_a(to3(accf)), a_a(to3(w));
  DeviceArray<float4> d_p(to4(pf)), a_p(to4(zeros<float>(4 * n)));
  CUAD_GRAD(CUAD_LAUNCH(nbody_tiled_grad_0_1, n / 32, 32, d_a.ptr, d_p.ptr, eps2, n, a_a.ptr, a_p.ptr));
  check.array("acc", flat3(a_a.get()), fd(accf, loss));
  check.array("pos", flat4(a_p.get()), fd(pf, loss));
  return check.finish();
}
