#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_heat2d_host");
  const int nx = 12, ny = 10, steps = 3, n = nx * ny;
  Rng rng(503);
  std::vector<double> u = rng.vec(n), kappa = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
  double dt = 0.05;
  auto loss = [&] {
    std::vector<double> s = u;
    heat2d(s.data(), kappa.data(), dt, nx, ny, steps);
    return dot(w, s);
  };
  std::vector<double> s = u, a_u = w, a_k(n, 0.0);
  CUAD_GRAD(heat2d_grad_0_1(s.data(), kappa.data(), dt, nx, ny, steps, a_u.data(), a_k.data()));
  check.array("u", a_u, fd(u, loss));
  check.array("kappa", a_k, fd(kappa, loss));
  return check.finish();
}
