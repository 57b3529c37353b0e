#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Output 1: minmod, output 2: superbee, output 3: forward mode with superbee (LIMITER comes
// from the -D of the cuad line).
int main() {
  Checker check("rw22e_muscl_limiter");
  const int n = 40, nsteps = 3;
  Rng rng(22503 + LIMITER);
  // a smooth wave with a sign change plus noise: every limiter branch is taken
  std::vector<double> u0(n);
  for (int i = 0; i < n; ++i)
    u0[i] = 0.3 + 0.8 * std::sin(2.0 * M_PI * i / n) + 0.15 * std::cos(6.0 * M_PI * i / n) +
            rng.uniform(-0.08, 0.08);
  double dtdx = 0.35;
#if CUAD_OUTPUT <= 2
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    burgers_muscl(u0.data(), out.data(), dtdx, n, nsteps);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gu(n, 0.0), gout = w;
  double gdt = 0.0;
  CUAD_GRAD(burgers_muscl_grad_0_1_2(u0.data(), out.data(), dtdx, n, nsteps, gu.data(),
                                     gout.data(), &gdt));
  check.array("u0", gu, fd(u0, loss));
  check.scalar("dtdx", gdt, fd(dtdx, loss));
  check.array("u_out", gout, zeros<double>(n));
#else
  const std::vector<double> tu = rng.vec(n);
  const double tdt = 0.1;
  auto outputs_at = [&](double t) {
    std::vector<double> out(n, 0.0);
    const std::vector<double> uu = along(u0, t, tu);
    burgers_muscl(uu.data(), out.data(), along(dtdx, t, tdt), n, nsteps);
    return out;
  };
  std::vector<double> out(n, 0.0), tout(n, 7.0);
  CUAD_GRAD(burgers_muscl_pushforward(u0.data(), out.data(), dtdx, n, nsteps, tu.data(), tout.data(),
                                      tdt));
  check.array("u_out tangent", tout, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("u_out value", out, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
