#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_rk2_streams");
  const int n = 48, steps = 3;
  const double dt = 0.05, dx = 0.2;
  Rng rng(521);
  std::vector<double> c = rng.vec(n), vel = rng.vec(n), w = rng.vec(n);
  for (auto& v : vel) v = v > 0 ? v + 0.1 : v - 0.1;  // away from 0
  auto loss = [&] {
    std::vector<double> s = c;
    advect_rk2(s.data(), vel.data(), dt, dx, n, steps);
    return dot(w, s);
  };
  std::vector<double> s = c, a_c = w, a_v(n, 0.0);
  CUAD_GRAD(advect_rk2_grad_0_1(s.data(), vel.data(), dt, dx, n, steps, a_c.data(), a_v.data()));
  check.array("c", a_c, fd(c, loss));
  check.array("vel", a_v, fd(vel, loss));
  return check.finish();
}
