#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_host_cfl");
  const int n = 100, steps = 4;  // two blocks, the second partial
  const double cfl = 0.4, dx = 0.1;
  double nu = 0.01;
  Rng rng(9109);
  std::vector<double> u(n), w = rng.vec(n);
  for (int i = 0; i < n; ++i) u[i] = 0.8 * std::sin(6.283185307179586 * i / n) + 0.3 * rng.uniform(-1, 1);
  auto loss = [&] {
    std::vector<double> s = u;
    burgers_cfl(s.data(), nu, cfl, dx, n, steps);
    return dot(w, s);
  };
  std::vector<double> s = u, au = w;
  double anu = 0.0;
  CUAD_GRAD(burgers_cfl_grad_0_1(s.data(), nu, cfl, dx, n, steps, au.data(), &anu));
  check.array("u", au, fd(u, loss));
  check.scalar("nu", anu, fd(nu, loss));
  return check.finish();
}
