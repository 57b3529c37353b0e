// cuad: --fn morse_forces<64> --wrt pos,force,energy,De,alpha
// Molecular dynamics force pass of a small MD code: a Morse pair potential over a full
// neighbour list in CSR form (nbr_off/nbr_idx built on the host), positions as double3,
// the equilibrium distance and the squared cutoff in __constant__ memory (cudaMemcpyToSymbol),
// a grid-stride loop over atoms with a block-size template and __launch_bounds__, forces
// written per atom, and the potential energy reduced with warp shuffles, a per-warp shared
// array and one atomicAdd per block (each pair is seen twice, hence the 0.5).
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
#define WARP 32

__constant__ double c_r0;   // equilibrium distance
__constant__ double c_rc2;  // squared cutoff

__device__ __forceinline__ double warp_sum(double v) {
#pragma unroll
  for (int off = WARP / 2; off > 0; off >>= 1) v += __shfl_down_sync(FULL_MASK, v, off);
  return v;
}

// Morse energy shifted to zero at the cutoff; *fr is -(dU/dr)/r.
__device__ __forceinline__ double morse(double r, double De, double alpha, double rc,
                                        double* fr) {
  const double ex = exp(-alpha * (r - c_r0));
  const double om = 1.0 - ex;
  const double exc = exp(-alpha * (rc - c_r0));
  const double omc = 1.0 - exc;
  *fr = -2.0 * De * alpha * ex * om / r;
  return De * (om * om - omc * omc);
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    morse_forces(const double3* __restrict__ pos, const int* __restrict__ nbr_off,
                 const int* __restrict__ nbr_idx, double De, double alpha,
                 double3* __restrict__ force, double* __restrict__ energy, int n) {
  __shared__ double warp_e[BLOCK / WARP];
  const double rc = sqrt(c_rc2);
  double e_local = 0.0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) {
    const double3 pi = pos[i];
    double3 fi = make_double3(0.0, 0.0, 0.0);
    const int beg = nbr_off[i], end = nbr_off[i + 1];
    for (int k = beg; k < end; ++k) {
      const int j = __ldg(&nbr_idx[k]);
      const double3 pj = pos[j];
      const double dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
      const double r2 = dx * dx + dy * dy + dz * dz;
      if (r2 > c_rc2) continue;
      double fr;
      e_local += 0.5 * morse(sqrt(r2), De, alpha, rc, &fr);
      fi.x += fr * dx;
      fi.y += fr * dy;
      fi.z += fr * dz;
    }
    force[i] = fi;
  }
  const int lane = threadIdx.x % WARP, wid = threadIdx.x / WARP;
  e_local = warp_sum(e_local);
  if (lane == 0) warp_e[wid] = e_local;
  __syncthreads();
  if (wid == 0) {
    double v = lane < BLOCK / WARP ? warp_e[lane] : 0.0;
    v = warp_sum(v);
    if (lane == 0) atomicAdd(energy, v);
  }
}
