#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Particle> particles(const std::vector<double>& v) {
  std::vector<Particle> out(v.size() / 3);
  for (size_t i = 0; i < out.size(); ++i) out[i] = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
  return out;
}
static std::vector<double> flat(const std::vector<Particle>& v) {
  std::vector<double> out;
  for (const Particle& a : v) out.insert(out.end(), {a.x, a.v, a.m});
  return out;
}

int main() {
  Checker check("methods");
  const int n = 70;
  Rng rng(46);
  std::vector<double> p = rng.vec(3 * n, 0.5, 1.5), e = rng.vec(n), wp = rng.vec(3 * n),
                      we = rng.vec(n);
  double dt = 0.1;
  auto loss = [&] {
    DeviceArray<Particle> d_p(particles(p));
    DeviceArray<double> d_e(e);
    CUAD_LAUNCH(simulate, 3, 32, d_p.ptr, d_e.ptr, n, dt);
    return dot(wp, flat(d_p.get())) + dot(we, d_e.get());
  };
  DeviceArray<Particle> d_p(particles(p)), a_p(particles(wp));
  DeviceArray<double> d_e(e), a_e(we);
  DeviceScalar<double> a_dt;
  CUAD_GRAD(CUAD_LAUNCH(simulate_grad_0_1_3, 3, 32, d_p.ptr, d_e.ptr, n, dt, a_p.ptr, a_e.ptr,
                        a_dt.ptr));
  check.array("p", flat(a_p.get()), fd(p, loss));
  check.array("e", a_e.get(), fd(e, loss));
  check.scalar("dt", a_dt.value(), fd(dt, loss));
  return check.finish();
}
