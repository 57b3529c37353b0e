#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_heat1d_tmpswap");
  const int n = 50, steps = 4;
  Rng rng(504);
  std::vector<double> u = rng.vec(n), w = rng.vec(n);
  double dt = 0.1;
  auto loss = [&] {
    std::vector<double> s = u;
    heat1d(s.data(), dt, n, steps);
    return dot(w, s);
  };
  std::vector<double> s = u, a_u = w;
  double a_dt = 0.0;
  CUAD_GRAD(heat1d_grad_0_1(s.data(), dt, n, steps, a_u.data(), &a_dt));
  check.array("u", a_u, fd(u, loss));
  check.scalar("dt", a_dt, fd(dt, loss));
  return check.finish();
}
