#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_time_steps");
  const int n = 100, steps = 4;
  Rng rng(29);
  std::vector<double> u = rng.vec(n), f = rng.vec(n), w = rng.vec(n);
  double dt = 0.2;
  auto loss = [&] {
    std::vector<double> state = u;
    integrate(state.data(), f.data(), dt, n, steps);
    return dot(w, state);
  };
  std::vector<double> state = u, a_u = w, a_f(n, 0.0);
  double a_dt = 0.0;
  CUAD_GRAD(integrate_grad_0_1_2(state.data(), f.data(), dt, n, steps, a_u.data(), a_f.data(),
                                 &a_dt));
  check.array("u", a_u, fd(u, loss));
  check.array("f", a_f, fd(f, loss));
  check.scalar("dt", a_dt, fd(dt, loss));
  return check.finish();
}
