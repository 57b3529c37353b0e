#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_roe_muscl");
  const int n = 64;
  double gamma = 1.4, dt_dx = 0.15;
  Rng rng(1703);
  // a smooth subsonic wave train plus noise, so limiter branches are far from their ties
  std::vector<double> U(3 * n);
  for (int i = 0; i < n; ++i) {
    const double x = 2.0 * 3.14159265358979 * i / n;
    const double r = 1.0 + 0.2 * std::sin(x) + rng.uniform(-0.05, 0.05);
    const double u = 0.3 + 0.1 * std::cos(2.0 * x) + rng.uniform(-0.05, 0.05);
    const double p = 1.0 + 0.3 * std::sin(x + 1.0) + rng.uniform(-0.05, 0.05);
    U[i] = r;
    U[n + i] = r * u;
    U[2 * n + i] = p / (gamma - 1.0) + 0.5 * r * u * u;
  }
  std::vector<double> w = rng.vec(3 * n), un0(3 * n, 0.0);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dU(U), dN(un0);
    CUAD_LAUNCH(roe_step<32>, n / 32, 32, dU.ptr, dN.ptr, gamma, dt_dx, n);
    return dot(w, dN.get());
  };
  DeviceArray<double> dU(U), dN(un0), aU(zeros<double>(3 * n)), aN(w);
  DeviceScalar<double> ag(0.0);
  CUAD_GRAD(CUAD_LAUNCH(roe_step_grad_0_1_2<32>, n / 32, 32, dU.ptr, dN.ptr, gamma, dt_dx, n, aU.ptr, aN.ptr, ag.ptr));
  check.array("U", aU.get(), fd(U, loss));
  check.scalar("gamma", ag.value(), fd(gamma, loss));
#else
  std::vector<double> vU = rng.vec(3 * n, -0.2, 0.2);
  const double vg = 0.3, vdt = -0.5;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dU(along(U, t, vU)), dN(un0);
    CUAD_LAUNCH(roe_step<32>, n / 32, 32, dU.ptr, dN.ptr, along(gamma, t, vg), along(dt_dx, t, vdt), n);
    return dN.get();
  };
  DeviceArray<double> dU(U), dN(un0), tU(vU), tN(un0);
  CUAD_GRAD(CUAD_LAUNCH(roe_step_pushforward<32>, n / 32, 32, dU.ptr, dN.ptr, gamma, dt_dx, n, tU.ptr, tN.ptr, vg, vdt));
  check.array("Unew", tN.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
