#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_burgers_adaptive_dt");
  Rng rng(24891);
  const int n = 48;
  const double cfl = 0.5, dx = 0.1, t_end = 0.25;
  std::vector<double> u(n);
  for (int i = 0; i < n; ++i) u[i] = 1.0 + 0.3 * std::sin(2 * M_PI * i / n) + rng.uniform(-0.03, 0.03);
  {  // a clear maximum (no fmax tie)
    int im = 0;
    for (int i = 1; i < n; ++i)
      if (u[i] > u[im]) im = i;
    u[im] += 0.05;
  }
  auto run = [&](const std::vector<double>& uu) {
    std::vector<double> o(n);
    burgers_adaptive(uu.data(), cfl, dx, t_end, n, o.data());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(u)); };
  std::vector<double> o(n), gu(n, 0.0), go = w;
  CUAD_GRAD(burgers_adaptive_grad_0_5(u.data(), cfl, dx, t_end, n, o.data(), gu.data(), go.data()));
  check.array("u", gu, fd(u, loss));
  check.array("u_out", go, zeros<double>(n));
#else
  const std::vector<double> vu = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(u, t, vu)); };
  std::vector<double> o(n), to(n, 0.0);
  CUAD_GRAD(burgers_adaptive_pushforward_0_5(u.data(), cfl, dx, t_end, n, o.data(), vu.data(), to.data()));
  check.array("u_out tangent", to, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
