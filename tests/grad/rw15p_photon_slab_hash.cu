// cuad: --fn photon_slab --wrt optics,absorbed,refl,trans
// Monte Carlo photon transport through a 1-D slab, the way small MCML-like codes do it on a
// GPU: one photon packet per thread, a counter-based hash RNG (PCG-style integer hash of the
// photon id and a per-photon counter, no state in memory), a data-dependent while loop
// (exponential free paths, isotropic scattering, absorption by weight reduction with a
// depth-binned atomicAdd tally, Russian roulette on low weights), and escape through either
// face tallied into reflectance/transmittance with atomicAdd. Optical properties are a struct.
#include <cuda_runtime.h>
#include <stdint.h>

struct Optics {
  double mu_a;  // absorption coefficient
  double mu_s;  // scattering coefficient
};

#define MAX_EVENTS 64
#define W_ROULETTE 1e-2
#define ROULETTE_CHANCE 0.25

__device__ __forceinline__ uint32_t pcg_hash(uint32_t v) {
  uint32_t state = v * 747796405u + 2891336453u;
  uint32_t word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// Uniform in (0, 1) from the photon id and its draw counter.
__device__ __forceinline__ double uniform01(uint32_t id, uint32_t* counter) {
  const uint32_t h = pcg_hash(id * 0x9E3779B9u ^ pcg_hash((*counter)++));
  return (h + 0.5) * (1.0 / 4294967296.0);
}

__global__ void photon_slab(Optics optics, double thickness, int nbins, double* absorbed,
                            double* refl, double* trans, int nphotons, uint32_t seed) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= nphotons) return;
  const double mu_t = optics.mu_a + optics.mu_s;
  const double albedo = optics.mu_s / mu_t;
  const double dz_bin = thickness / nbins;
  uint32_t ctr = seed;
  double z = 0.0, cz = 1.0, w = 1.0;
  int events = 0;
  bool alive = true;
  while (alive && events < MAX_EVENTS) {
    const double s = -log(uniform01(id, &ctr)) / mu_t;
    z += s * cz;
    if (z < 0.0) {
      atomicAdd(refl, w);
      alive = false;
    } else if (z > thickness) {
      atomicAdd(trans, w);
      alive = false;
    } else {
      const int bin = min((int)(z / dz_bin), nbins - 1);
      atomicAdd(&absorbed[bin], w * (1.0 - albedo));
      w *= albedo;
      cz = 2.0 * uniform01(id, &ctr) - 1.0;  // isotropic: cos(theta) uniform in (-1, 1)
      if (w < W_ROULETTE) {
        if (uniform01(id, &ctr) < ROULETTE_CHANCE) w /= ROULETTE_CHANCE;
        else alive = false;
      }
    }
    ++events;
  }
}
