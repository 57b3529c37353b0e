#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flatten(const std::vector<Particle>& ps) {
  std::vector<double> out;
  for (const Particle& q : ps)
    for (float v : {q.pos.x, q.pos.y, q.pos.z, q.vel.x, q.vel.y, q.vel.z}) out.push_back(v);
  return out;
}

int main() {
  Checker check("fwd_struct_operators");
  const int n = 20;
  Rng rng(53);
  auto f3 = [&] {
    return make_float3(float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1)),
                       float(rng.uniform(-1, 1)));
  };
  std::vector<Particle> p(n), vp(n);
  std::vector<float3> force(n), vforce(n);
  for (int i = 0; i < n; ++i) {
    p[i] = Particle{f3(), f3(), float(rng.uniform(1, 2))};
    vp[i] = Particle{f3(), f3(), 0.0f};
    force[i] = f3();
    vforce[i] = f3();
  }
  float dt = 0.3f, vdt = 0.6f;
  auto move = [](float3 a, double t, float3 v) {
    return make_float3(along(a.x, t, v.x), along(a.y, t, v.y), along(a.z, t, v.z));
  };
  auto outputs_at = [&](double t) {
    std::vector<Particle> q(n);
    std::vector<float3> f(n);
    for (int i = 0; i < n; ++i) {
      q[i] = Particle{move(p[i].pos, t, vp[i].pos), move(p[i].vel, t, vp[i].vel), p[i].mass};
      f[i] = move(force[i], t, vforce[i]);
    }
    DeviceArray<Particle> dq(q);
    DeviceArray<float3> df(f);
    CUAD_LAUNCH(integrate, 1, 32, dq.ptr, df.ptr, along(dt, t, vdt), n);
    return flatten(dq.get());
  };
  DeviceArray<Particle> dp(p), d_p(vp);
  DeviceArray<float3> df(force), d_f(vforce);
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward, 1, 32, dp.ptr, df.ptr, dt, n, d_p.ptr, d_f.ptr,
                        vdt));
  check.array("p", flatten(d_p.get()), directional_fd<float>(outputs_at), default_tol<float>());
  return check.finish();
}
