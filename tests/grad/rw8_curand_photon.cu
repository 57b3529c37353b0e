// cuad: --fn photon_slab --wrt mu_s,mu_a,tally -DCUAD_TAPE_CAPACITY=1024
// Written for cuad in the style of a Monte Carlo photon-transport code (MCML-like slab): each
// thread walks one photon with exponential free paths drawn as -log(u) / mu_t, an unbounded
// `while (true)` loop left through `break`s when the photon leaves the slab or dies, implicit
// absorption (the weight loses mu_a / mu_t at each interaction, tallied with atomics),
// isotropic scattering of the direction cosine, and Russian roulette: a draw inside a branch
// taken only for light photons decides between death and a ten-fold weight. The draws come
// from Philox states given per photon; the trip count depends on the draws and the parameters.
#include <curand_kernel.h>

__global__ void seed_photons(curandStatePhilox4_32_10_t* states, unsigned long long seed, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &states[i]);
}

__global__ void photon_slab(curandStatePhilox4_32_10_t* states, const double* mu_s,
                            const double* mu_a, double thickness, int n, double* tally) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandStatePhilox4_32_10_t s = states[i];
  const double mu_t = mu_s[0] + mu_a[0];
  double z = 0.0, dir = 1.0, w = 1.0;
  while (true) {
    z += dir * (-log(curand_uniform_double(&s)) / mu_t);
    if (z < 0.0) {
      atomicAdd(&tally[0], w / n);
      break;
    }
    if (z > thickness) {
      atomicAdd(&tally[1], w / n);
      break;
    }
    const double absorbed = w * mu_a[0] / mu_t;
    atomicAdd(&tally[2], absorbed / n);
    w -= absorbed;
    dir = 2.0 * curand_uniform_double(&s) - 1.0;
    if (w < 0.05) {
      if (curand_uniform_double(&s) < 0.1) {
        w *= 10.0;
      } else {
        break;
      }
    }
  }
  states[i] = s;
}
