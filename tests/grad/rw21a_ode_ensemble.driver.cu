#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_ode_ensemble");
  Rng rng(21005);
  const int members = 70, steps = 12;  // two blocks of 64
  const double dt = 0.05;
  std::vector<double> x0 = rng.vec(members, -1.5, 1.5), v0 = rng.vec(members),
                      mu = rng.vec(members, 0.2, 1.5);
  double omega = 1.3;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    return ode::ensemble_energy(x0.data(), v0.data(), mu.data(), omega, members, steps, dt);
  };
  std::vector<double> gx(members, 0.0), gv(members, 0.0), gmu(members, 0.0);
  double gw = 0.0;
  CUAD_GRAD(ode::ensemble_energy_grad_0_1_2_3(x0.data(), v0.data(), mu.data(), omega, members,
                                              steps, dt, gx.data(), gv.data(), gmu.data(), &gw));
  check.array("x0", gx, fd(x0, loss));
  check.array("v0", gv, fd(v0, loss));
  check.array("mu", gmu, fd(mu, loss));
  check.scalar("omega", gw, fd(omega, loss));
#else
  std::vector<double> tx = rng.vec(members), tv = rng.vec(members), tmu = rng.vec(members);
  double tw = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x0, t, tx), vs = along(v0, t, tv), ms = along(mu, t, tmu);
    double e = ode::ensemble_energy(xs.data(), vs.data(), ms.data(), omega + t * tw, members,
                                    steps, dt);
    return std::vector<double>{e};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = ode::ensemble_energy_pushforward_0_1_2_3(x0.data(), v0.data(), mu.data(), omega, members,
                                              steps, dt, tx.data(), tv.data(), tmu.data(), tw);
    value = r.value;
    tangent = r.pushforward;
  });
  const double primal =
      ode::ensemble_energy(x0.data(), v0.data(), mu.data(), omega, members, steps, dt);
  check.scalar("value", value, primal);
  check.array("energy tangent", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
