#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_host_ignition_buf");
  const int n = 100, nsteps = 5;
  const double dt = 0.2;
  Rng rng(24211);
  std::vector<double> T0 = rng.vec(n, 1.0, 1.5), Y0 = rng.vec(n, 0.5, 1.0), A = rng.vec(n, 1.0, 3.0);
  double Ea = 2.0, q = 0.8;
  std::vector<double> vT = rng.vec(n, -0.1, 0.1), vY = rng.vec(n, -0.1, 0.1), vA = rng.vec(n, -0.3, 0.3);
  const double vEa = 0.2, vq = -0.1, vdt = 0.05;
#if CUAD_OUTPUT == 1
  auto outputs_at = [&](double t) {
    Stats s = ignition_stats(along(T0, t, vT).data(), along(Y0, t, vY).data(), along(A, t, vA).data(), along(Ea, t, vEa),
                             along(q, t, vq), along(dt, t, vdt), nsteps, n);
    return std::vector<double>{s.mean_T, s.heat};
  };
  std::vector<double> fdv = directional_fd<double>(outputs_at);
  std::vector<double> tang(2, 0.0), val(2, 0.0);
  CUAD_GRAD(auto r = ignition_stats_pushforward(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n, vT.data(), vY.data(),
                                                vA.data(), vEa, vq, vdt);
            tang = {r.pushforward.mean_T, r.pushforward.heat}; val = {r.value.mean_T, r.value.heat});
  check.array("tangent", tang, fdv);
  Stats ref = ignition_stats(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n);
  CUAD_GRAD(check.array("value", val, std::vector<double>{ref.mean_T, ref.heat}));
#elif CUAD_OUTPUT == 2
  auto loss = [&] { return ignition_objective(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n); };
  std::vector<double> aT(n, 0.0), aY(n, 0.0), aA(n, 0.0);
  double aEa = 0.0, aq = 0.0;
  CUAD_GRAD(ignition_objective_grad_0_1_2_3_4(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n, aT.data(), aY.data(),
                                              aA.data(), &aEa, &aq));
  check.array("T0", aT, fd(T0, loss));
  check.array("Y0", aY, fd(Y0, loss));
  check.array("A", aA, fd(A, loss));
  check.scalar("Ea", aEa, fd(Ea, loss));
  check.scalar("q", aq, fd(q, loss));
#else
  auto outputs_at = [&](double t) {
    return std::vector<double>{ignition_objective(along(T0, t, vT).data(), along(Y0, t, vY).data(), along(A, t, vA).data(),
                                                  along(Ea, t, vEa), along(q, t, vq), along(dt, t, vdt), nsteps, n)};
  };
  std::vector<double> fdv = directional_fd<double>(outputs_at);
  double tang = 0.0, val = 0.0;
  CUAD_GRAD(auto r = ignition_objective_pushforward(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n, vT.data(), vY.data(),
                                                    vA.data(), vEa, vq, vdt);
            tang = r.pushforward; val = r.value);
  check.array("tangent", std::vector<double>{tang}, fdv);
  CUAD_GRAD(check.scalar("value", val, ignition_objective(T0.data(), Y0.data(), A.data(), Ea, q, dt, nsteps, n)));
#endif
  return check.finish();
}
