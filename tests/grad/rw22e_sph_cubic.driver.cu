#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_sph_cubic");
  const int n = 36;
  const double h = 0.3;
  Rng rng(22505);
  // a jittered 6x6 lattice with spacing 0.28 (< h): pairs in both spline branches and outside
  std::vector<double> pos(2 * n), mass(n);
  for (int i = 0; i < n; ++i) {
    pos[2 * i] = 0.28 * (i % 6) + rng.uniform(-0.06, 0.06);
    pos[2 * i + 1] = 0.28 * (i / 6) + rng.uniform(-0.06, 0.06);
    mass[i] = rng.uniform(0.07, 0.11);
  }
  // rho0 between the smallest and largest densities: some pressures are clamped to zero
  const double rho0 = 1.0;
  double B = 2.5;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n);
  std::vector<double> acc(2 * n, 0.0);
  auto loss = [&] {
    std::vector<double> out(2 * n, 0.0);
    sph_pressure_accel(pos.data(), mass.data(), out.data(), h, rho0, B, n);
    return dot(w, out);
  };
  std::vector<double> gpos(2 * n, 0.0), gmass(n, 0.0), gacc = w;
  double gB = 0.0;
  CUAD_GRAD(sph_pressure_accel_grad_0_1_2_5(pos.data(), mass.data(), acc.data(), h, rho0, B, n,
                                            gpos.data(), gmass.data(), gacc.data(), &gB));
  check.array("pos", gpos, fd(pos, loss));
  check.array("mass", gmass, fd(mass, loss));
  check.scalar("B", gB, fd(B, loss));
  check.array("acc", gacc, zeros<double>(2 * n));
#else
  const std::vector<double> tpos = rng.vec(2 * n, -0.1, 0.1), tmass = rng.vec(n, -0.01, 0.01);
  const double th = 0.01, trho0 = -0.05, tB = 0.4;
  auto outputs_at = [&](double t) {
    std::vector<double> out(2 * n, 0.0);
    const std::vector<double> pp = along(pos, t, tpos), mm = along(mass, t, tmass);
    sph_pressure_accel(pp.data(), mm.data(), out.data(), along(h, t, th), along(rho0, t, trho0),
                       along(B, t, tB), n);
    return out;
  };
  std::vector<double> out(2 * n, 0.0), tout(2 * n, 7.0);
  CUAD_GRAD(sph_pressure_accel_pushforward(pos.data(), mass.data(), out.data(), h, rho0, B, n,
                                           tpos.data(), tmass.data(), tout.data(), th, trho0, tB));
  check.array("acc tangent", tout, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("acc value", out, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
