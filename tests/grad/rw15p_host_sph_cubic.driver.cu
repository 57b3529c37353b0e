#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw15p_host_sph_cubic");
  const int side = 4, n = side * side * side;  // 64 particles, two per thread
  const double dxp = 0.1;
  double mass = 1.0, cs2 = 1.3;
  Rng rng(15071);
  std::vector<Particle> parts(n);
  for (int i = 0; i < n; ++i) {
    parts[i].x.x = dxp * (i % side) + rng.uniform(-0.003, 0.003);
    parts[i].x.y = dxp * ((i / side) % side) + rng.uniform(-0.003, 0.003);
    parts[i].x.z = dxp * (i / (side * side)) + rng.uniform(-0.003, 0.003);
    parts[i].h = 0.13 + rng.uniform(-0.002, 0.002);
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      double r = std::sqrt(std::pow(parts[i].x.x - parts[j].x.x, 2) + std::pow(parts[i].x.y - parts[j].x.y, 2) +
                           std::pow(parts[i].x.z - parts[j].x.z, 2));
      double q = r / (0.5 * (parts[i].h + parts[j].h));
      if (std::fabs(q - 1.0) < 1e-3 || std::fabs(q - 2.0) < 1e-3) { std::printf("pair near a kink\n"); return 2; }
    }
  std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double3> acc(n);
    sph_rhs(parts.data(), mass, cs2, acc.data(), n);
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += w[3 * i] * acc[i].x + w[3 * i + 1] * acc[i].y + w[3 * i + 2] * acc[i].z;
    return s;
  };
  std::vector<Particle> ap(n, Particle{make_double3(0.0, 0.0, 0.0), 0.0});
  std::vector<double3> aacc(n), acc(n);
  for (int i = 0; i < n; ++i) aacc[i] = make_double3(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
  double amass = 0.0, acs2 = 0.0;
  CUAD_GRAD(sph_rhs_grad_0_1_2_3(parts.data(), mass, cs2, acc.data(), n, ap.data(), &amass, &acs2, aacc.data()));
  // positions and smoothing lengths, field by field
  std::vector<double> gx(n), gy(n), gz(n), gh(n), fx(n), fy(n), fz(n), fh(n);
  for (int i = 0; i < n; ++i) {
    gx[i] = ap[i].x.x; gy[i] = ap[i].x.y; gz[i] = ap[i].x.z; gh[i] = ap[i].h;
    fx[i] = fd(parts[i].x.x, loss); fy[i] = fd(parts[i].x.y, loss);
    fz[i] = fd(parts[i].x.z, loss); fh[i] = fd(parts[i].h, loss);
  }
  check.array("x", gx, fx);
  check.array("y", gy, fy);
  check.array("z", gz, fz);
  check.array("h", gh, fh);
  check.scalar("mass", amass, fd(mass, loss));
  check.scalar("cs2", acs2, fd(cs2, loss));
  std::vector<double> rest(3 * n);
  for (int i = 0; i < n; ++i) { rest[3 * i] = aacc[i].x; rest[3 * i + 1] = aacc[i].y; rest[3 * i + 2] = aacc[i].z; }
  check.array("acc_out", rest, zeros<double>(3 * n));
  return check.finish();
}
