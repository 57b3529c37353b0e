#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_weno5_burgers_rk3");
  Rng rng(24841);
  const int n = 40, nsteps = 2;
  const double dx = 0.1, dt = 0.03;
  std::vector<double> u(n);
  for (int i = 0; i < n; ++i) u[i] = 0.5 + 0.4 * std::sin(2 * M_PI * i / n) + rng.uniform(-0.05, 0.05);
  {  // a clear maximum of |u| (alpha has no tie)
    int im = 0;
    for (int i = 1; i < n; ++i)
      if (std::fabs(u[i]) > std::fabs(u[im])) im = i;
    u[im] += 0.05;
  }
  auto run = [&](const std::vector<double>& uu) {
    std::vector<double> o(n);
    weno_burgers(uu.data(), dt, dx, n, nsteps, o.data());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(u)); };
  std::vector<double> o(n), gu(n, 0.0), go = w;
  CUAD_GRAD(weno_burgers_grad_0_5(u.data(), dt, dx, n, nsteps, o.data(), gu.data(), go.data()));
  check.array("u", gu, fd(u, loss));
  check.array("u_out", go, zeros<double>(n));
#else
  const std::vector<double> vu = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(u, t, vu)); };
  std::vector<double> o(n), to(n, 0.0);
  CUAD_GRAD(weno_burgers_pushforward_0_5(u.data(), dt, dx, n, nsteps, o.data(), vu.data(), to.data()));
  check.array("u_out tangent", to, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("u_out value", o, run(u));
#endif
#endif
  return check.finish();
}
