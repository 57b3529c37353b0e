#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_aos_soa");
  const int n = 37;
  Rng rng(509);
  std::vector<float> bf = rng.vec<float>(7 * n, 0.5, 1.5), fx = rng.vec<float>(n),
                     fy = rng.vec<float>(n), fz = rng.vec<float>(n), w = rng.vec<float>(7 * n);
  float dt = 0.2f;
  auto pack = [&](const std::vector<float>& f) {
    std::vector<Body> b(n);
    for (int i = 0; i < n; ++i) {
      const float* v = &f[7 * i];
      b[i].pos = make_float3(v[0], v[1], v[2]);
      b[i].vel = make_float3(v[3], v[4], v[5]);
      b[i].inv_mass = v[6];
    }
    return b;
  };
  auto flat = [&](const std::vector<Body>& b) {
    std::vector<float> f(7 * n);
    for (int i = 0; i < n; ++i) {
      float v[7] = {b[i].pos.x, b[i].pos.y, b[i].pos.z, b[i].vel.x, b[i].vel.y, b[i].vel.z,
                    b[i].inv_mass};
      for (int k = 0; k < 7; ++k) f[7 * i + k] = v[k];
    }
    return f;
  };
  auto loss = [&] {
    DeviceArray<Body> d_b(pack(bf));
    DeviceArray<float> d_fx(fx), d_fy(fy), d_fz(fz);
    CUAD_LAUNCH(leapfrog, 2, 32, d_b.ptr, d_fx.ptr, d_fy.ptr, d_fz.ptr, dt, n);
    return dot(w, flat(d_b.get()));
  };
  DeviceArray<Body> d_b(pack(bf)), a_b(pack(w));
  DeviceArray<float> d_fx(fx), d_fy(fy), d_fz(fz), a_fx(zeros<float>(n)), a_fy(zeros<float>(n)),
      a_fz(zeros<float>(n));
  DeviceScalar<float> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(leapfrog_grad_0_1_2_3_4, 2, 32, d_b.ptr, d_fx.ptr, d_fy.ptr, d_fz.ptr, dt,
                        n, a_b.ptr, a_fx.ptr, a_fy.ptr, a_fz.ptr, a_dt.ptr));
  check.array("bodies", flat(a_b.get()), fd(bf, loss));
  check.array("fx", a_fx.get(), fd(fx, loss));
  check.array("fy", a_fy.get(), fd(fy, loss));
  check.array("fz", a_fz.get(), fd(fz, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
