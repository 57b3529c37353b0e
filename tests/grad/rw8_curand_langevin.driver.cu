#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Every primal run and the gradient start from freshly seeded states (same draws).
int main() {
  Checker check("rw8_curand_langevin");
  const int n = 96, max_steps = 40;
  const double dt = 0.01;
  Rng rng(808);
  std::vector<double> x0 = rng.vec(n, -1.4, 1.4), a = {0.8}, diffusion = {0.6},
                      obs0 = zeros<double>(2);
  const std::vector<double> wo = {1.0, 0.0};
  DeviceArray<curandState> states{std::vector<curandState>(n)};
  auto reset = [&] { CUAD_LAUNCH(seed_particles, 2, 64, states.ptr, 99ull, n); };
  auto run = [&](DeviceArray<double>& d_obs) {
    DeviceArray<double> dx(x0), da(a), dd(diffusion);
    reset();
    CUAD_LAUNCH(brownian_dynamics, 2, 64, states.ptr, dx.ptr, da.ptr, dd.ptr, dt, max_steps, n,
                d_obs.ptr);
  };
  auto loss = [&] {
    DeviceArray<double> d_obs(obs0);
    run(d_obs);
    return dot(wo, d_obs.get());
  };
  DeviceArray<double> dx(x0), da(a), dd(diffusion), d_obs(obs0), ax(zeros<double>(n)),
      aa(zeros<double>(1)), ad(zeros<double>(1)), ao(wo);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(brownian_dynamics_grad_1_2_3_7, 2, 64, states.ptr, dx.ptr, da.ptr, dd.ptr,
                        dt, max_steps, n, d_obs.ptr, ax.ptr, aa.ptr, ad.ptr, ao.ptr));
  check.array("x0", ax.get(), fd(x0, loss));
  check.array("a", aa.get(), fd(a, loss));
  check.array("diffusion", ad.get(), fd(diffusion, loss));
  check.array("obs", ao.get(), fd(obs0, loss));
  // Some particles escape before max_steps: the trip count really varies.
  DeviceArray<double> o(obs0);
  run(o);
  const double mean_steps = o.get()[1];
  check.expect(mean_steps > 1.0 && mean_steps < max_steps, "mean number of steps strictly between 1 and max_steps");
  return check.finish();
}
