#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_pitched_snapshots");
  Rng rng(26919);
  const int nx = 13, nz = 11, nt = 12, every = 4, x0 = 3, z0 = 2, wx = 7, wz = 6;
  const int nsnap = nt / every;
  std::vector<double> vel = rng.vec(nx * nz, 0.8, 1.3), p0(nx * nz);
  for (int k = 0; k < nx * nz; ++k) {
    const double x = k % nx - 6.0, z = k / nx - 5.0;
    p0[k] = std::exp(-(x * x + z * z) / 3.0) + rng.uniform(-0.02, 0.02);
  }
  const std::vector<double> w = rng.vec(nsnap * wx * wz);
  auto loss = [&] {
    std::vector<double> sn(nsnap * wx * wz, 0.0);
    wave_snapshots(vel.data(), p0.data(), nx, nz, nt, every, x0, z0, wx, wz, sn.data());
    return dot(w, sn);
  };
  std::vector<double> sn(nsnap * wx * wz, 0.0), gv(nx * nz, 0.0), gp(nx * nz, 0.0), gs = w;
  CUAD_GRAD(wave_snapshots_grad_0_1_10(vel.data(), p0.data(), nx, nz, nt, every, x0, z0, wx, wz, sn.data(), gv.data(),
                                       gp.data(), gs.data()));
  check.array("vel", gv, fd(vel, loss));
  check.array("p_init", gp, fd(p0, loss));
  check.array("snaps", gs, zeros<double>(nsnap * wx * wz));
  return check.finish();
}
