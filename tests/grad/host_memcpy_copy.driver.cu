#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_memcpy_copy");
  const int n = 19, nt = 3;
  Rng rng(2502);
#if CUAD_OUTPUT <= 4
  // `run` and `steps`: x of n reals, a scalar.
  std::vector<double> x = rng.vec(n, 0.2, 0.9), w = rng.vec(n);
  double a = 0.3;
  auto call = [&](const std::vector<double>& xx, double aa, std::vector<double>& y) {
#if CUAD_OUTPUT <= 2
    run(xx.data(), y.data(), aa, n);
#else
    steps(xx.data(), y.data(), aa, n, nt);
#endif
  };
  auto run_at = [&](const std::vector<double>& xx, double aa) {
    std::vector<double> y = zeros<double>(n);
    call(xx, aa, y);
    return y;
  };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto loss = [&] { return dot(w, run_at(x, a)); };
  std::vector<double> y = zeros<double>(n), ax = zeros<double>(n), ay = w;
  double aa = 0.0;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(run_grad_0_1_2(x.data(), y.data(), a, n, ax.data(), ay.data(), &aa));
#else
  CUAD_GRAD(steps_grad_0_1_2(x.data(), y.data(), a, n, nt, ax.data(), ay.data(), &aa));
#endif
  check.array("x", ax, fd(x, loss));
  check.scalar("a", aa, fd(a, loss));
  check.array("y", ay, zeros<double>(n));
#else
  std::vector<double> vx = rng.vec(n);
  const double va = 0.7;
  auto outputs_at = [&](double t) { return run_at(along(x, t, vx), a + t * va); };
  std::vector<double> y = zeros<double>(n), ty = zeros<double>(n);
#if CUAD_OUTPUT == 2
  CUAD_GRAD(run_pushforward(x.data(), y.data(), a, n, vx.data(), ty.data(), va));
#else
  CUAD_GRAD(steps_pushforward(x.data(), y.data(), a, n, nt, vx.data(), ty.data(), va));
#endif
  check.array("y tangent", ty, directional_fd<double>(outputs_at));
  check.array("y", y, run_at(x, a));
#endif
#else
  // `records`: n structs of two reals, stored as 2n doubles.
  std::vector<double> p = rng.vec(2 * n, 0.2, 0.9), w = rng.vec(n);
  double wt = 0.6;
  auto run_at = [&](const std::vector<double>& pp, double ww) {
    std::vector<double> out = zeros<double>(n);
    records(reinterpret_cast<const P*>(pp.data()), out.data(), ww, n);
    return out;
  };
#if CUAD_OUTPUT == 5
  auto loss = [&] { return dot(w, run_at(p, wt)); };
  std::vector<double> out = zeros<double>(n), ap = zeros<double>(2 * n), aout = w;
  double aw = 0.0;
  CUAD_GRAD(records_grad_0_1_2(reinterpret_cast<const P*>(p.data()), out.data(), wt, n,
                               reinterpret_cast<P*>(ap.data()), aout.data(), &aw));
  check.array("p", ap, fd(p, loss));
  check.scalar("w", aw, fd(wt, loss));
#else
  std::vector<double> vp = rng.vec(2 * n);
  const double vw = -0.4;
  auto outputs_at = [&](double t) { return run_at(along(p, t, vp), wt + t * vw); };
  std::vector<double> out = zeros<double>(n), tout = zeros<double>(n);
  CUAD_GRAD(records_pushforward(reinterpret_cast<const P*>(p.data()), out.data(), wt, n,
                                reinterpret_cast<const P*>(vp.data()), tout.data(), vw));
  check.array("out tangent", tout, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
