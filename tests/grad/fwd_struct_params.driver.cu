#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_struct_params");
  const int n = 33;
  Rng rng(9);
  std::vector<Particle> ps(n), vps(n);
  for (int i = 0; i < n; ++i) {
    ps[i] = Particle{rng.uniform(-1, 1), rng.uniform(-1, 1)};
    vps[i] = Particle{rng.uniform(-1, 1), rng.uniform(-1, 1)};
  }
  Params p{0.1, 0.3, 5}, vp{0.4, -0.7, 0};
  auto outputs_at = [&](double t) {
    std::vector<Particle> moved(n);
    for (int i = 0; i < n; ++i)
      moved[i] = Particle{along(ps[i].pos, t, vps[i].pos), along(ps[i].vel, t, vps[i].vel)};
    Params q{along(p.dt, t, vp.dt), along(p.damping, t, vp.damping), p.steps};
    DeviceArray<Particle> d(moved);
    CUAD_LAUNCH(step, 1, 64, n, q, d.ptr);
    std::vector<double> out;
    for (const Particle& r : d.get()) {
      out.push_back(r.pos);
      out.push_back(r.vel);
    }
    return out;
  };
  DeviceArray<Particle> d(ps), d_d(vps);
  CUAD_GRAD(CUAD_LAUNCH(step_pushforward, 1, 64, n, p, d.ptr, vp, d_d.ptr));
  std::vector<double> tangent;
  for (const Particle& r : d_d.get()) {
    tangent.push_back(r.pos);
    tangent.push_back(r.vel);
  }
  check.array("ps", tangent, directional_fd<double>(outputs_at));
  return check.finish();
}
