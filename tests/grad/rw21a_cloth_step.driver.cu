#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_cloth_step");
  Rng rng(21009);
  const int nx = 10, ny = 9, n = nx * ny, steps = 6;  // partial 8x8 blocks
  const double rest = 1.0 / (nx - 1);
  std::vector<double> pos0(3 * n);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int a = j * nx + i;
      pos0[3 * a + 0] = i * rest + 0.2 * rest * rng.uniform(-1.0, 1.0);
      pos0[3 * a + 1] = j * rest + 0.2 * rest * rng.uniform(-1.0, 1.0);
      pos0[3 * a + 2] = 0.2 * rest * rng.uniform(-1.0, 1.0);
    }
  double stiffness = 40.0;
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> out(3 * n, 0.0);
    cloth::simulate(pos0.data(), stiffness, out.data(), nx, ny, steps);
    return dot(w, out);
  };
  std::vector<double> out(3 * n, 0.0), gpos(3 * n, 0.0), gout = w;
  double gk = 0.0;
  CUAD_GRAD(cloth::simulate_grad_0_1_2(pos0.data(), stiffness, out.data(), nx, ny, steps,
                                       gpos.data(), &gk, gout.data()));
  check.array("pos0", gpos, fd(pos0, loss));
  check.scalar("stiffness", gk, fd(stiffness, loss));
  check.array("pos_out", gout, std::vector<double>(3 * n, 0.0));
  return check.finish();
}
