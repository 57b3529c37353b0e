// cuad: --fn european_mc --wrt spot,vol,rate,price
// Written for cuad in the style of a cuRAND Monte Carlo pricer (pathwise Greeks): a setup
// kernel gives every path its own XORWOW subsequence, the pricing kernel copies the state to a
// local, draws curand_normal_double inside the log-Euler time loop (inline in the update, so
// the draw must be evaluated exactly once), writes the state back, discounts a call payoff and
// reduces the block's paths in shared memory before one atomicAdd per block.
#include <curand_kernel.h>

__global__ void setup_paths(curandState* states, unsigned long long seed, int n_paths) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n_paths) curand_init(seed, id, 0, &states[id]);
}

__global__ void european_mc(curandState* states, const double* spot, const double* vol,
                            double rate, double T, double strike, int n_steps, int n_paths,
                            double* price) {
  __shared__ double partial[64];
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  double payoff = 0.0;
  if (id < n_paths) {
    curandState local = states[id];
    const double dt = T / n_steps;
    double log_s = log(spot[0]);
    for (int t = 0; t < n_steps; ++t)
      log_s += (rate - 0.5 * vol[0] * vol[0]) * dt + vol[0] * sqrt(dt) * curand_normal_double(&local);
    states[id] = local;
    payoff = exp(-rate * T) * fmax(exp(log_s) - strike, 0.0);
  }
  partial[threadIdx.x] = payoff;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(price, partial[0] / n_paths);
}
