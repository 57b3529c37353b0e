// cuad: --fn heston_paths --wrt params,s0,sums
// Written for cuad in the style of a Heston stochastic-volatility Monte Carlo engine: a state
// per path skipped ahead to the path's block of draws (curand_init offset plus skipahead),
// curand_normal2_double giving both normals of a step as a double2, correlated by Cholesky,
// full-truncation Euler for the variance (fmax(v, 0)), a parameter struct read from device
// memory, and per-path payoff and terminal variance summed with atomics.
#include <curand_kernel.h>

struct HestonParams {
  double kappa, theta, xi, rho, rate;
};

__global__ void heston_init(curandState* states, unsigned long long seed, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n_paths) {
    curand_init(seed, 0, 0, &states[p]);
    skipahead(4ull * 1024ull * p, &states[p]);
  }
}

__global__ void heston_paths(curandState* states, const HestonParams* params, const double* s0,
                             double v0, double T, double strike, int n_steps, int n_paths,
                             double* sums) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const HestonParams hp = params[0];
  curandState st = states[p];
  const double dt = T / n_steps, sq = sqrt(dt);
  const double rho_bar = sqrt(1.0 - hp.rho * hp.rho);
  double x = log(s0[0]), v = v0;
  for (int t = 0; t < n_steps; ++t) {
    const double2 z = curand_normal2_double(&st);
    const double vp = fmax(v, 0.0);
    const double zs = hp.rho * z.x + rho_bar * z.y;
    x += (hp.rate - 0.5 * vp) * dt + sqrt(vp) * sq * zs;
    v += hp.kappa * (hp.theta - vp) * dt + hp.xi * sqrt(vp) * sq * z.x;
  }
  states[p] = st;
  const double payoff = exp(-hp.rate * T) * fmax(exp(x) - strike, 0.0);
  atomicAdd(&sums[0], payoff / n_paths);
  atomicAdd(&sums[1], v / n_paths);
}
