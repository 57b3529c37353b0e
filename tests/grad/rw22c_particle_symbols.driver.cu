#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_particle_symbols");
  Rng rng(22303);
  const int n = 70, steps = 6;  // two blocks, the second partial
  const double t_end = 0.9;
  std::vector<double> xy0 = rng.vec(2 * n, -1.5, 1.5), targets = rng.vec(2 * n, -1.5, 1.5);
  std::vector<double> wind = {0.3, -0.2};
  double omega = 1.3;
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] {
    std::vector<double> out(2 * n, 0.0);
    const double m = advect_particles(xy0.data(), omega, wind.data(), targets.data(), out.data(),
                                      n, steps, t_end);
    return m + dot(w, out);
  };
  std::vector<double> out(2 * n, 0.0), gxy(2 * n, 0.0), gwind(2, 0.0), gt(2 * n, 0.0), gout = w;
  double gomega = 0.0;
  CUAD_GRAD(advect_particles_grad_0_1_2_3_4(xy0.data(), omega, wind.data(), targets.data(),
                                            out.data(), n, steps, t_end, gxy.data(), &gomega,
                                            gwind.data(), gt.data(), gout.data()));
  check.array("xy0", gxy, fd(xy0, loss));
  check.scalar("omega", gomega, fd(omega, loss));
  check.array("wind", gwind, fd(wind, loss));
  check.array("targets", gt, fd(targets, loss));
  check.array("xy_out", gout, std::vector<double>(2 * n, 0.0));
  return check.finish();
}
