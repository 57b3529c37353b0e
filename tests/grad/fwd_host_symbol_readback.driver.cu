#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_host_symbol_readback");
  const int steps = 3, m = N + steps;
  Rng rng(2504);
  std::vector<double> u0 = rng.vec(N);
  double c = 0.8;
#if CUAD_OUTPUT == 3
  std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    std::vector<double> out(m, 0.0);
    adaptive(u0.data(), c, out.data(), steps);
    return dot(w, out);
  };
  std::vector<double> out(m, 0.0), a_u0(N, 0.0), a_out = w;
  double a_c = 0.0;
  CUAD_GRAD(adaptive_grad_0_1_2(u0.data(), c, out.data(), steps, a_u0.data(), &a_c,
                                a_out.data()));
  check.array("u0", a_u0, fd(u0, loss));
  check.scalar("c", a_c, fd(c, loss));
  // out is only written: its adjoint is consumed.
  check.array("out", a_out, std::vector<double>(m, 0.0));
#else
  std::vector<double> vu = rng.vec(N);
  double vc = 0.6;
#if CUAD_OUTPUT == 2
  vu.assign(N, 0.0);
#endif
  auto outputs_at = [&](double t) {
    std::vector<double> us = along(u0, t, vu), out(m, 0.0);
    adaptive(us.data(), c + t * vc, out.data(), steps);
    return out;
  };
  std::vector<double> out(m, 0.0), d_out(m, 0.0);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(adaptive_pushforward(u0.data(), c, out.data(), steps, vu.data(), vc, d_out.data()));
#else
  CUAD_GRAD(adaptive_pushforward_1_2(u0.data(), c, out.data(), steps, vc, d_out.data()));
#endif
  check.array("out", d_out, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
