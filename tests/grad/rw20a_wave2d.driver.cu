#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_wave2d");
  Rng rng(200109);
  const int nx = 14, ny = 12, steps = 5;
  std::vector<double> u0 = rng.vec((nx - 2) * (ny - 2), -0.5, 0.5), snap(nx * ny, 0.0);
  double speed = 0.45, damping = 0.05;
  const std::vector<double> w = rng.vec(nx * ny);
  auto loss = [&] {
    std::vector<double> out(nx * ny, 0.0);
    const double e = wave_energy(u0.data(), speed, damping, out.data(), nx, ny, steps);
    return e + dot(w, out);
  };
  std::vector<double> gu0(u0.size(), 0.0), gsnap = w;
  double gspeed = 0.0, gdamping = 0.0;
  CUAD_GRAD(wave_energy_grad_0_1_2_3(u0.data(), speed, damping, snap.data(), nx, ny, steps,
                                     gu0.data(), &gspeed, &gdamping, gsnap.data()));
  check.array("u0", gu0, fd(u0, loss));
  check.scalar("speed", gspeed, fd(speed, loss));
  check.scalar("damping", gdamping, fd(damping, loss));
  check.array("snapshot", gsnap, std::vector<double>(nx * ny, 0.0));
  return check.finish();
}
