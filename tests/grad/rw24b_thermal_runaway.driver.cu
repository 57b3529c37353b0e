#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_thermal_runaway");
  const int ncell = 45, nsub = 20;
  const double Tamb = 1.0, dt = 0.5, beta = 4.0;
  Rng rng(24204);
  std::vector<double> T0 = rng.vec(ncell, 1.0, 1.4);
  std::vector<double> mech = {std::log(20.0) + 4.0, 4.0 * 1.2, 0.8, 0.5};
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  std::vector<double> vT = rng.vec(ncell, -0.1, 0.1), vm = {0.3, -0.5, 0.2, 0.1};
#if CUAD_OUTPUT == 3
  vT = zeros<double>(ncell);
#endif
  auto outputs_at = [&](double t) {
    return std::vector<double>{runaway_metric(along(T0, t, vT).data(), along(mech, t, vm).data(), ncell, Tamb, dt, nsub, beta)};
  };
  std::vector<double> fdv = directional_fd<double>(outputs_at);
  double value = 0.0, tangent = 0.0;
#if CUAD_OUTPUT == 1
  // Tamb, dt, beta are reals too: zero tangents
  CUAD_GRAD(auto r = runaway_metric_pushforward(T0.data(), mech.data(), ncell, Tamb, dt, nsub, beta, vT.data(), vm.data(), 0.0, 0.0, 0.0);
            value = r.value; tangent = r.pushforward);
#else
  CUAD_GRAD(auto r = runaway_metric_pushforward_1(T0.data(), mech.data(), ncell, Tamb, dt, nsub, beta, vm.data());
            value = r.value; tangent = r.pushforward);
#endif
  check.array("tangent", std::vector<double>{tangent}, fdv);
  CUAD_GRAD(check.scalar("value", value, runaway_metric(T0.data(), mech.data(), ncell, Tamb, dt, nsub, beta)));
#else
  auto loss = [&] { return runaway_metric(T0.data(), mech.data(), ncell, Tamb, dt, nsub, beta); };
  std::vector<double> aT(ncell, 0.0), am(4, 0.0);
  CUAD_GRAD(runaway_metric_grad_0_1(T0.data(), mech.data(), ncell, Tamb, dt, nsub, beta, aT.data(), am.data()));
  check.array("T0", aT, fd(T0, loss));
  check.array("mech", am, fd(mech, loss));
#endif
  return check.finish();
}
