// cuad: --fn dmc_reweight --wrt x,a,e_trial,weights,e_mix,best
// cuad: fwd --fn dmc_reweight --wrt x,a,e_trial,weights,e_mix,best
// Diffusion Monte Carlo reweighting for walkers of a 3-D harmonic oscillator with a Gaussian
// trial function psi = exp(-a |x|^2) (E_L = 3a + |x|^2 (1/2 - 2a^2)), one warp per walker
// group: log-weights -tau (E_L - E_T) are stabilised by the warp maximum (butterfly shuffles
// with fmax), exponentiated, summed by shuffles and normalised; lane 0's sum is broadcast
// with __shfl_sync; the mixed estimator sum w E_L / sum w is written per warp, and the
// position of the heaviest walker (found with __ballot_sync / __ffs on the lanes equal to
// the maximum) is copied out for branching.
#include <cuda_runtime.h>
#include <math.h>

#define FULL 0xffffffffu

__device__ inline double local_energy(const double* x, double a) {
  const double r2 = x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
  return 3.0 * a + r2 * (0.5 - 2.0 * a * a);
}

__global__ void dmc_reweight(const double* __restrict__ x, double a, double e_trial, double tau,
                             double* __restrict__ weights, double* __restrict__ e_mix, double* __restrict__ best) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  const double el = local_energy(x + 3 * w, a);
  const double lw = -tau * (el - e_trial);
  double m = lw;
  for (int off = 16; off > 0; off >>= 1) m = fmax(m, __shfl_xor_sync(FULL, m, off));
  const double wt = exp(lw - m);
  double sw = wt, swe = wt * el;
  for (int off = 16; off > 0; off >>= 1) {
    sw += __shfl_down_sync(FULL, sw, off);
    swe += __shfl_down_sync(FULL, swe, off);
  }
  const double total = __shfl_sync(FULL, sw, 0);
  weights[w] = wt / total;
  if (lane == 0) e_mix[warp] = swe / sw;
  const unsigned at_max = __ballot_sync(FULL, lw == m);
  const int src = __ffs(at_max) - 1;
  if (lane == src) {
    for (int d = 0; d < 3; ++d) best[3 * warp + d] = x[3 * w + d];
  }
}
