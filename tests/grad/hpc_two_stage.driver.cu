#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_two_stage");
  const int nx = 11, ny = 9, n = nx * ny;
  const double h = 0.1;
  Rng rng(512);
  std::vector<double> u = rng.vec(n), c = rng.vec(n, 0.5, 1.5);
  auto loss = [&] { return gradient_energy(u.data(), c.data(), nx, ny, h); };
  std::vector<double> a_u(n, 0.0), a_c(n, 0.0);
  CUAD_GRAD(gradient_energy_grad_0_1(u.data(), c.data(), nx, ny, h, a_u.data(), a_c.data()));
  check.array("u", a_u, fd(u, loss));
  check.array("c", a_c, fd(c, loss));
  return check.finish();
}
