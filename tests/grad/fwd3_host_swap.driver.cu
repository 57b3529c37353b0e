#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_host_swap");
  const int n = 100, steps = 5;
  Rng rng(306);
  std::vector<double> u0 = rng.vec(n), vu = rng.vec(n), vel = rng.vec(n, 0.2, 1.0), vv = rng.vec(n);
  double dt = 0.3, vdt = 0.5, g = 0.4, vg = -0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> us = along(u0, t, vu), vs = along(vel, t, vv), uf(n);
    double r = simulate(n, steps, us.data(), vs.data(), along(dt, t, vdt), along(g, t, vg), uf.data());
    uf.push_back(r);
    return uf;
  };
  std::vector<double> uf(n), d_uf(n, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = simulate_pushforward(n, steps, u0.data(), vel.data(), dt, g, uf.data(), vu.data(),
                                          vv.data(), vdt, vg, d_uf.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_uf;
  got.push_back(tangent);
  check.array("u_final, r", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> uf2(n);
  check.scalar("value", value, simulate(n, steps, u0.data(), vel.data(), dt, g, uf2.data()));
#endif
  return check.finish();
}
