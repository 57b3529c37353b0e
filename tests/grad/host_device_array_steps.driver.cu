#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_device_array_steps");
  const int steps = 4, m = 2 * N + 1;
  Rng rng(2502);
  std::vector<double> u0 = rng.vec(N);
  double k = 0.7;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    std::vector<double> out(m, 0.0);
    simulate(u0.data(), k, out.data(), steps);
    return dot(w, out);
  };
  std::vector<double> out(m, 0.0), a_u0(N, 0.0), a_out = w;
  double a_k = 0.0;
  CUAD_GRAD(simulate_grad_0_1_2(u0.data(), k, out.data(), steps, a_u0.data(), &a_k,
                                a_out.data()));
  check.array("u0", a_u0, fd(u0, loss));
  check.scalar("k", a_k, fd(k, loss));
  // out is only written: its adjoint is consumed.
  check.array("out", a_out, std::vector<double>(m, 0.0));
#else
  std::vector<double> vu = rng.vec(N);
  const double vk = -0.4;
  auto outputs_at = [&](double t) {
    std::vector<double> us = along(u0, t, vu), out(m, 0.0);
    simulate(us.data(), k + t * vk, out.data(), steps);
    return out;
  };
  std::vector<double> out(m, 0.0), d_out(m, 0.0);
  CUAD_GRAD(simulate_pushforward(u0.data(), k, out.data(), steps, vu.data(), vk, d_out.data()));
  check.array("out", d_out, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
