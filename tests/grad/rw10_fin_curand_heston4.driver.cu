#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// States are re-seeded before every primal run and before the gradient (same draws).
int main() {
  Checker check("rw10_fin_curand_heston4");
  const int n = 24, n_steps = 8;
  Rng rng(1234);
  std::vector<float> payoff = rng.vec<float>(n), vT = rng.vec<float>(n), wp = rng.vec<float>(n),
                     wv = rng.vec<float>(n);
  float S0 = 1.0f, K = 0.95f, kappa = 1.5f, theta = 0.09f, xi = 0.3f, rho = -0.6f, v0 = 0.08f,
        rate = 0.02f, T = 0.5f;
  DeviceArray<curandStatePhilox4_32_10_t> states{std::vector<curandStatePhilox4_32_10_t>(n)};
  auto reset = [&] { CUAD_LAUNCH(heston_seed, 1, 32, states.ptr, 2024ull, n); };
  auto loss = [&] {
    DeviceArray<float> d_p(payoff), d_v(vT);
    reset();
    CUAD_LAUNCH(heston_asian, 1, 32, states.ptr, d_p.ptr, d_v.ptr, S0, K, kappa, theta, xi, rho,
                v0, rate, T, n_steps, n);
    return dot(wp, d_p.get()) + dot(wv, d_v.get());
  };
  DeviceArray<float> d_p(payoff), d_v(vT), a_p(wp), a_v(wv);
  DeviceScalar<float> a_kappa, a_theta, a_xi, a_rho, a_v0;
  reset();
  CUAD_GRAD(CUAD_LAUNCH(heston_asian_grad_1_2_5_6_7_8_9, 1, 32, states.ptr, d_p.ptr, d_v.ptr, S0,
                        K, kappa, theta, xi, rho, v0, rate, T, n_steps, n, a_p.ptr, a_v.ptr,
                        a_kappa.ptr, a_theta.ptr, a_xi.ptr, a_rho.ptr, a_v0.ptr));
  check.scalar("kappa", a_kappa.value(), fd(kappa, loss));
  check.scalar("theta", a_theta.value(), fd(theta, loss));
  check.scalar("xi", a_xi.value(), fd(xi, loss));
  check.scalar("rho", a_rho.value(), fd(rho, loss));
  check.scalar("v0", a_v0.value(), fd(v0, loss));
  check.array("payoff", a_p.get(), fd(payoff, loss));
  check.array("vT", a_v.get(), fd(vT, loss));
  return check.finish();
}
