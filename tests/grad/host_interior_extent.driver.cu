#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_interior_extent");
  Rng rng(5521);
  const int nx = 7, ny = 6, iters = 3;
  std::vector<double> u = rng.vec(nx * ny, -0.5, 0.5), f = rng.vec(nx * ny, -0.5, 0.5);
  double omega = 0.6;
  const std::vector<double> wu = rng.vec(nx * ny);
  auto loss = [&] {
    std::vector<double> c = u;
    relax_interior(c.data(), f.data(), omega, nx, ny, iters);
    return dot(wu, c);
  };
  std::vector<double> c = u, gu = wu, gf(nx * ny, 0.0);
  double go = 0.0;
  CUAD_GRAD(relax_interior_grad_0_1_2(c.data(), f.data(), omega, nx, ny, iters, gu.data(),
                                      gf.data(), &go));
  check.array("u", gu, fd(u, loss));
  check.array("f", gf, fd(f, loss));
  check.scalar("omega", go, fd(omega, loss));
  return check.finish();
}
