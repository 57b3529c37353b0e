#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_host_sph");
  const int side = 7, n = side * side;  // 49 particles: two blocks, a partial last tile
  const double dxp = 0.1;
  SphConst c{0.255, 1000.0, 2.0, 0.05};
  double mass = 1000.0 * dxp * dxp * 0.9;
  Rng rng(1202);
  std::vector<double> pos(2 * n), vel = rng.vec(2 * n, -0.5, 0.5), w = rng.vec(2 * n);
  for (int i = 0; i < n; ++i) {
    pos[2 * i] = dxp * (i % side) + rng.uniform(-0.006, 0.006);
    pos[2 * i + 1] = dxp * (i / side) + rng.uniform(-0.006, 0.006);
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double r = std::hypot(pos[2 * i] - pos[2 * j], pos[2 * i + 1] - pos[2 * j + 1]);
      if (i != j && std::fabs(r - c.h) < 1e-3) { std::printf("pair near h\n"); return 2; }
    }
  auto loss = [&] {
    std::vector<double> acc(2 * n);
    sph_accel(pos.data(), vel.data(), mass, c, acc.data(), n);
    return dot(w, acc);
  };
  std::vector<double> apos(2 * n, 0.0), avel(2 * n, 0.0), aacc = w, acc(2 * n);
  double amass = 0.0;
  CUAD_GRAD(sph_accel_grad_0_1_2_4(pos.data(), vel.data(), mass, c, acc.data(), n, apos.data(),
                                   avel.data(), &amass, aacc.data()));
  check.array("acc", aacc, std::vector<double>(2 * n, 0.0));
  check.array("pos", apos, fd(pos, loss));
  check.array("vel", avel, fd(vel, loss));
  check.scalar("mass", amass, fd(mass, loss));
  return check.finish();
}
