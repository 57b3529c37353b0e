#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("particles");
  const int n = 37;
  Rng rng(152);
  std::vector<float> pf = rng.vec<float>(7 * n, 0.5, 1.5), ff = rng.vec<float>(3 * n), w = rng.vec<float>(7 * n);
  float dt = 0.3f;
  auto parts = [&](const std::vector<float>& f) {
    std::vector<Particle> p(n);
    for (int i = 0; i < n; ++i) {
      const float* v = &f[7 * i];
      p[i] = Particle{make_float3(v[0], v[1], v[2]), make_float3(v[3], v[4], v[5]), v[6]};
    }
    return p;
  };
  auto flat = [&](const std::vector<Particle>& p) {
    std::vector<float> f(7 * n);
    for (int i = 0; i < n; ++i) {
      float v[7] = {p[i].pos.x, p[i].pos.y, p[i].pos.z, p[i].vel.x, p[i].vel.y, p[i].vel.z, p[i].mass};
      for (int k = 0; k < 7; ++k) f[7 * i + k] = v[k];
    }
    return f;
  };
  auto forces = [&](const std::vector<float>& f) {
    std::vector<float3> v(n);
    for (int i = 0; i < n; ++i) v[i] = make_float3(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
    return v;
  };
  auto loss = [&] {
    DeviceArray<Particle> d_p(parts(pf));
    DeviceArray<float3> d_f(forces(ff));
    CUAD_LAUNCH(integrate, 2, 32, d_p.ptr, d_f.ptr, dt, n);
    return dot(w, flat(d_p.get()));
  };
  DeviceArray<Particle> d_p(parts(pf)), a_p(parts(w));
  DeviceArray<float3> d_f(forces(ff)), a_f(forces(std::vector<float>(3 * n, 0.f)));
  DeviceScalar<float> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_0_1_2, 2, 32, d_p.ptr, d_f.ptr, dt, n, a_p.ptr, a_f.ptr, a_dt.ptr));
  std::vector<float3> gf = a_f.get();
  std::vector<float> g(3 * n);
  for (int i = 0; i < n; ++i) {
    g[3 * i] = gf[i].x;
    g[3 * i + 1] = gf[i].y;
    g[3 * i + 2] = gf[i].z;
  }
  check.array("p", flat(a_p.get()), fd(pf, loss));
  check.array("force", g, fd(ff, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
