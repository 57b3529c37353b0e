// cuad: --fn mc::expected_payoff --wrt params
// cuad: fwd --fn mc::expected_payoff --wrt params
// A Monte Carlo estimate with a stateless hash RNG (PCG-style integer hash of the sample
// index and a seed, as in many renderers and simulation codes): each thread draws a
// Box-Muller normal pair per path, simulates a two-step geometric Brownian motion, evaluates
// a smoothed (softplus) call payoff, reduces with warp shuffles and a shared array of warp
// sums, and the per-block partials are finished on the host. `params` is
// {S0, sigma, rate, strike}; the estimate's gradient is the pathwise sensitivity.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

namespace mc {

constexpr int kBlock = 128;
constexpr int kWarps = kBlock / 32;

__device__ __forceinline__ uint32_t pcg_hash(uint32_t v) {
  uint32_t state = v * 747796405u + 2891336453u;
  uint32_t word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// uniform in (0, 1], never exactly 0 so log() is safe
__device__ __forceinline__ double u01(uint32_t h) { return (h + 1.0) * (1.0 / 4294967296.0); }

__device__ __forceinline__ double softplus(double x, double beta) {
  return log1p(exp(beta * x)) / beta;
}

__global__ void simulate(const double* __restrict__ params, double T, uint32_t seed,
                         double* __restrict__ block_sums, int npaths) {
  __shared__ double warp_sums[kWarps];
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const double S0 = params[0], sigma = params[1], rate = params[2], K = params[3];
  double payoff = 0.0;
  if (p < npaths) {
    const uint32_t h1 = pcg_hash(seed ^ (2u * (uint32_t)p));
    const uint32_t h2 = pcg_hash(h1 + 0x9e3779b9u);
    const double r = sqrt(-2.0 * log(u01(h1)));
    const double th = 6.283185307179586 * u01(h2);
    const double z1 = r * cos(th), z2 = r * sin(th);
    const double dt = 0.5 * T;
    const double drift = (rate - 0.5 * sigma * sigma) * dt;
    const double vol = sigma * sqrt(dt);
    const double S1 = S0 * exp(drift + vol * z1);
    const double S2 = S1 * exp(drift + vol * z2);
    payoff = exp(-rate * T) * softplus(S2 - K, 8.0);
  }
  // warp reduction, then one value per warp in shared memory
  for (int off = 16; off > 0; off >>= 1) payoff += __shfl_down_sync(0xffffffffu, payoff, off);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) warp_sums[warp] = payoff;
  __syncthreads();
  if (threadIdx.x == 0) {
    double s = 0.0;
    for (int w = 0; w < kWarps; ++w) s += warp_sums[w];
    block_sums[blockIdx.x] = s;
  }
}

double expected_payoff(const double* params, double T, int npaths, unsigned seed) {
  if (npaths <= 0) return 0.0;
  const int blocks = (npaths + kBlock - 1) / kBlock;
  double *d_params, *d_sums;
  CUDA_CHECK(cudaMalloc(&d_params, 4 * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_sums, blocks * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_params, params, 4 * sizeof(double), cudaMemcpyHostToDevice));
  simulate<<<blocks, kBlock>>>(d_params, T, seed, d_sums, npaths);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> sums(blocks);
  CUDA_CHECK(cudaMemcpy(sums.data(), d_sums, blocks * sizeof(double), cudaMemcpyDeviceToHost));
  double total = 0.0;
  for (double s : sums) total += s;
  CUDA_CHECK(cudaFree(d_params));
  CUDA_CHECK(cudaFree(d_sums));
  return total / npaths;
}

}  // namespace mc
