#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_const_struct_params");
  Rng rng(24016);
  const int n = 40, nsteps = 6;
  const float dt = 0.05f;
  SimParams hp = {-1.0f, 0.99f, -0.5f, 0.05f, 0.3f};
  std::vector<float> pos(4 * n), vel(4 * n);
  // a mirror of the kernel in double: the smallest distance of a bounce test from its threshold
  auto margin = [&](const std::vector<float>& P, const std::vector<float>& V) {
    double worst = 1e9;
    for (int i = 0; i < n; ++i) {
      double py = P[4 * i + 1], vx = V[4 * i], vy = V[4 * i + 1];
      for (int s = 0; s < nsteps; ++s) {
        vy += hp.gravity * dt;
        vx -= hp.drag * vx * std::fabs(vx) * dt;
        vx *= hp.global_damping, vy *= hp.global_damping;
        py += vy * dt;
        const double thr = -1.0 + hp.particle_radius;
        worst = std::fmin(worst, std::fabs(py - thr));
        if (py < thr) py = thr, vy *= hp.boundary_damping;
      }
    }
    return worst;
  };
  for (int tries = 0; tries < 500; ++tries) {
    pos = rng.vec<float>(4 * n, -0.9, 0.9);
    vel = rng.vec<float>(4 * n, -0.5, 0.5);
    for (int i = 0; i < n; i += 4) pos[4 * i + 1] = (float)rng.uniform(-0.92, -0.85), vel[4 * i + 1] = -1.5f;
    if (margin(pos, vel) > 0.01) break;
  }
  check.expect(margin(pos, vel) > 0.01, "bounce tests away from the floor threshold");
  std::vector<float> hpv = {hp.gravity, hp.global_damping, hp.boundary_damping, hp.particle_radius, hp.drag};
  auto loss_w = rng.vec<float>(8 * n);
  auto loss = [&] {
    std::vector<float> p = pos, v = vel;
    SimParams q = {hpv[0], hpv[1], hpv[2], hpv[3], hpv[4]};
    integrate_system(p.data(), v.data(), &q, dt, n, nsteps);
    p.insert(p.end(), v.begin(), v.end());
    return dot(loss_w, p);
  };
  std::vector<float> p = pos, v = vel, gp(loss_w.begin(), loss_w.begin() + 4 * n), gv(loss_w.begin() + 4 * n, loss_w.end());
  SimParams ghp = {0, 0, 0, 0, 0};
  CUAD_GRAD(integrate_system_grad_0_1_2(p.data(), v.data(), &hp, dt, n, nsteps, gp.data(), gv.data(), &ghp));
  check.array("pos", gp, fd(pos, loss));
  check.array("vel", gv, fd(vel, loss));
  check.array("hp", std::vector<float>{ghp.gravity, ghp.global_damping, ghp.boundary_damping, ghp.particle_radius, ghp.drag},
              fd(hpv, loss));
  return check.finish();
}
