// cuad: --fn mc_transmittance --wrt amp,center,spread,result
// cuad: fwd --fn mc_transmittance --wrt amp,center,spread,result
// Monte Carlo estimate of the mean transmittance of rays through a 1-D heterogeneous medium, in
// the style of a volume-rendering / radiative-transfer code: a counter-based PCG hash RNG in
// __device__ functions (unsigned 32-bit arithmetic, one hash per draw keyed by sample index and
// draw number, no generator state), Box-Muller for a Gaussian ray start (reparameterised by a
// differentiable spread), stratified jittered ray marching of an extinction coefficient built
// from Gaussian blobs (amplitudes and centres are inputs, held in local arrays), transmittance
// exp(-tau), a grid-stride loop over samples, a shared-memory tree reduction per block
// (__syncthreads) and one atomicAdd per block into the estimate.
#include <stdint.h>

#define NBLOB 4
#define MC_BLOCK 64
#define TWO_PI 6.283185307179586

__device__ __forceinline__ uint32_t pcg_hash(uint32_t v) {
  const uint32_t state = v * 747796405u + 2891336453u;
  const uint32_t word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// Uniform in (0, 1) from (sample, draw) and a seed.
__device__ __forceinline__ double uniform01(uint32_t seed, uint32_t sample, uint32_t draw) {
  const uint32_t h = pcg_hash(pcg_hash(seed ^ (sample * 0x9E3779B9u)) + draw);
  return ((h >> 8) + 0.5) * (1.0 / 16777216.0);
}

__device__ double extinction(double x, const double* a, const double* c, double width) {
  double s = 0.0;
#pragma unroll
  for (int k = 0; k < NBLOB; ++k) {
    const double d = (x - c[k]) / width;
    s += a[k] * exp(-0.5 * d * d);
  }
  return s;
}

__global__ void mc_transmittance(const double* __restrict__ amp, const double* __restrict__ center,
                                 double width, double spread, double length, int nsamples,
                                 int nsteps, uint32_t seed, double* __restrict__ result) {
  __shared__ double partial[MC_BLOCK];
  double a[NBLOB], c[NBLOB];
#pragma unroll
  for (int k = 0; k < NBLOB; ++k) {
    a[k] = amp[k];
    c[k] = center[k];
  }
  double acc = 0.0;
  for (int s = blockIdx.x * blockDim.x + threadIdx.x; s < nsamples; s += blockDim.x * gridDim.x) {
    const double u1 = uniform01(seed, s, 0);
    const double u2 = uniform01(seed, s, 1);
    const double z = sqrt(-2.0 * log(u1)) * cos(TWO_PI * u2);
    const double x0 = spread * z;
    const double dl = length / nsteps;
    double tau = 0.0;
    for (int j = 0; j < nsteps; ++j) {
      const double xj = x0 + (j + uniform01(seed, s, 2 + j)) * dl;
      tau += extinction(xj, a, c, width) * dl;
    }
    acc += exp(-tau);
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = MC_BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, partial[0] / nsamples);
}
