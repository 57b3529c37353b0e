#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_burgers_warp_llf");
  Rng rng(24701);
  const int n = 2 * BLOCK;
  const double dt = 0.01, dx = 0.05;
  double nu = 0.02;
  std::vector<double> u(n);
  for (int i = 0; i < n; ++i) {
    const double a = 0.2 + 0.8 * rng.uniform(0.0, 1.0);  // distinct |u| per warp (no max ties)
    u[i] = (std::sin(0.2 * i) > 0 ? a : -a);
  }
  auto run = [&](const std::vector<double>& uu, double nn) {
    DeviceArray<double> d_u(uu), d_un(zeros<double>(n));
    CUAD_LAUNCH(burgers_llf, n / BLOCK, BLOCK, d_u.ptr, d_un.ptr, nn, dt, dx, n);
    return d_un.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(u, nu)); };
  DeviceArray<double> d_u(u), d_un(zeros<double>(n)), g_u(zeros<double>(n)), g_un(w);
  DeviceScalar<double> g_nu(0.0);
  CUAD_GRAD(CUAD_LAUNCH(burgers_llf_grad_0_1_2, n / BLOCK, BLOCK, d_u.ptr, d_un.ptr, nu, dt, dx, n,
                        g_u.ptr, g_un.ptr, g_nu.ptr));
  check.array("u", g_u.get(), fd(u, loss));
  check.scalar("nu", g_nu.value(), fd(nu, loss));
  check.array("un", g_un.get(), zeros<double>(n));
#else
  const std::vector<double> vu = rng.vec(n), vun = rng.vec(n);
  const double vnu = 0.3;
  auto outputs_at = [&](double t) { return run(along(u, t, vu), along(nu, t, vnu)); };
  DeviceArray<double> d_u(u), d_un(zeros<double>(n)), t_u(vu), t_un(vun);
  CUAD_GRAD(CUAD_LAUNCH(burgers_llf_pushforward_0_1_2, n / BLOCK, BLOCK, d_u.ptr, d_un.ptr, nu, dt, dx, n,
                        t_u.ptr, t_un.ptr, vnu));
  check.array("un tangent", t_un.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("un value", d_un.get(), run(u, nu));
#endif
#endif
  return check.finish();
}
