// cuad: --fn heston_asian_barrier --wrt prm,price
// cuad: fwd --fn heston_asian_barrier --wrt prm,price
// Heston Monte Carlo for a discretely monitored Asian call with a continuous down-and-out
// barrier, in the style of a desk pricer: normals are generated beforehand (one array laid out
// step-major, two draws per step), one thread per path, log-Euler for the price and Milstein
// with full truncation (fmax(v, 0)) for the variance, a Brownian-bridge survival correction
// (-expm1) between monitoring dates, an early `break` on knock-out, and a block reduction in
// shared memory finished with one atomicAdd per block. The model is a struct by value, so
// the gradient gives all Greeks w.r.t. model parameters in one sweep. Output 2: forward mode.
#include <cuda_runtime.h>

#define N_STEPS 16
#define BLOCK 64

struct HestonParams {
  double s0, v0, kappa, theta, xi, rho, r, strike, barrier, T;
};

// Probability that a Brownian bridge between two log-prices above the barrier stays above it.
__device__ __forceinline__ double bb_survival(double ls0, double ls1, double lb, double var_dt) {
  return -expm1(-2.0 * (ls0 - lb) * (ls1 - lb) / var_dt);
}

__global__ void heston_asian_barrier(const double* __restrict__ z, HestonParams prm, int n_paths,
                                     double* __restrict__ price) {
  __shared__ double partial[BLOCK];
  const int p = blockIdx.x * BLOCK + threadIdx.x;
  double payoff = 0.0;
  if (p < n_paths) {
    const double dt = prm.T / N_STEPS;
    const double sdt = sqrt(dt);
    const double rho_c = sqrt(1.0 - prm.rho * prm.rho);
    const double lb = log(prm.barrier);
    double ls = log(prm.s0);
    double v = prm.v0;
    double sum_s = 0.0;
    double survive = 1.0;
#pragma unroll 4
    for (int k = 0; k < N_STEPS; ++k) {
      const double z1 = z[(2 * k) * n_paths + p];
      const double z2 = prm.rho * z1 + rho_c * z[(2 * k + 1) * n_paths + p];
      const double vp = fmax(v, 0.0);
      const double sv = sqrt(vp);
      const double ls_new = ls + (prm.r - 0.5 * vp) * dt + sv * sdt * z1;
      if (ls_new <= lb) {  // knocked out: the payoff is zero whatever follows
        survive = 0.0;
        break;
      }
      v = v + prm.kappa * (prm.theta - vp) * dt + prm.xi * sv * sdt * z2 +
          0.25 * prm.xi * prm.xi * dt * (z2 * z2 - 1.0);
      survive *= bb_survival(ls, ls_new, lb, fmax(vp, 1e-8) * dt);
      ls = ls_new;
      sum_s += exp(ls);
    }
    const double avg = sum_s / N_STEPS;
    payoff = exp(-prm.r * prm.T) * fmax(avg - prm.strike, 0.0) * survive;
  }
  partial[threadIdx.x] = payoff;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(price, partial[0] / n_paths);
}
