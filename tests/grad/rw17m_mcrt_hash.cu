// cuad: --fn mcrt_slab --wrt kext,omega,rad,absorbed
// Monte Carlo radiative transfer through a plane-parallel layered slab (atmospheric optics
// style) without a random number generator: each photon packet draws from a Wang hash of
// (photon, event) turned into a quasi-random number in (0,1). Per scattering order the packet
// samples an optical depth (-log u), walks layer by layer along its direction until it is
// used up (a while(true) walk with break on exit of the slab, the layer index stepping up or
// down), deposits the absorbed fraction (1 - single-scattering albedo) of its weight into its
// layer with atomicAdd, adds a next-event estimate of the radiance towards fixed detector
// directions in __constant__ memory (optical depth to the top summed over the layers above),
// and scatters isotropically (copysign keeps |mu| away from zero). Gradients with respect to
// the layer extinctions and albedos.
#include <cuda_runtime.h>

#define MAXORD 4
#define NDET 3

__constant__ double c_mud[NDET] = {0.9, 0.6, 0.35};  // cosines of the detector directions

struct Slab {
  int nl;
  double dz;
};

__device__ __forceinline__ unsigned int wang_hash(unsigned int s) {
  s = (s ^ 61u) ^ (s >> 16);
  s *= 9u;
  s = s ^ (s >> 4);
  s *= 0x27d4eb2du;
  s = s ^ (s >> 15);
  return s;
}

__device__ __forceinline__ double qrand(unsigned int pid, unsigned int k) {
  return ((double)wang_hash(pid * 0x9E3779B9u + k * 0x85EBCA6Bu + 17u) + 0.5) * (1.0 / 4294967296.0);
}

// Optical depth from depth z in layer `layer` straight up to the top of the slab.
__device__ double tau_to_top(const double* kext, int layer, double z, double dz) {
  double t = kext[layer] * (z - layer * dz);
  for (int l = layer - 1; l >= 0; --l) t += kext[l] * dz;
  return t;
}

__global__ void mcrt_slab(const double* __restrict__ kext, const double* __restrict__ omega,
                          Slab slab, double* __restrict__ rad, double* __restrict__ absorbed,
                          int nphot, double mu0) {
  for (int pid = blockIdx.x * blockDim.x + threadIdx.x; pid < nphot;
       pid += blockDim.x * gridDim.x) {
    double z = 0.0, mu = mu0, wgt = 1.0;
    int layer = 0;
    for (int order = 0; order < MAXORD; ++order) {
      double tau = -log(qrand(pid, 2 * order));
      bool escaped = false;
      while (true) {
        const double zb = (mu > 0.0) ? (layer + 1) * slab.dz : layer * slab.dz;
        const double dtau = kext[layer] * (zb - z) / mu;
        if (tau < dtau) {
          z += tau / kext[layer] * mu;
          break;
        }
        tau -= dtau;
        z = zb;
        layer += (mu > 0.0) ? 1 : -1;
        if (layer < 0 || layer >= slab.nl) {
          escaped = true;
          break;
        }
      }
      if (escaped) break;
      const double om = omega[layer];
      atomicAdd(&absorbed[layer], wgt * (1.0 - om));
      const double tup = tau_to_top(kext, layer, z, slab.dz);
#pragma unroll
      for (int d = 0; d < NDET; ++d)
        atomicAdd(&rad[d], wgt * om * 0.5 * exp(-tup / c_mud[d]) / c_mud[d]);
      wgt *= om;
      const double u = 2.0 * qrand(pid, 2 * order + 1) - 1.0;
      mu = copysign(0.05 + 0.95 * fabs(u), u);
    }
  }
}
