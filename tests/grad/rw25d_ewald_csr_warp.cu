// cuad: --fn ewald_real_csr --wrt pos,charge,alpha,force,energy
// cuad: fwd --fn ewald_real_csr --wrt pos,charge,alpha,force,energy
// Real-space Ewald sum over a half neighbour list in CSR form (nbr_start / nbr_idx, built on
// the host with a skin), in a cubic periodic box: minimum image with rint, pairs past the
// real-space cutoff skipped, screened Coulomb erfc(alpha r)/r, its force added to atom i and
// subtracted from atom j with atomicAdd (Newton's third law on a half list), the self term
// -alpha/sqrt(pi) q_i^2, and the energy reduced per warp with __shfl_down_sync before one
// atomicAdd per warp. A helper returns the pair energy and writes dE/dr / r through a
// reference.
#include <cuda_runtime.h>
#include <math.h>

#define INV_SQRT_PI 0.56418958354775628695
#define FULL_MASK 0xffffffffu

__device__ inline double min_image(double d, double box) { return d - box * rint(d / box); }

__device__ double erfc_pair(double r2, double qq, double alpha, double& f_over_r) {
  const double r = sqrt(r2);
  const double er = erfc(alpha * r);
  const double e = qq * er / r;
  const double dedr = -qq * (er / r2 + 2.0 * alpha * INV_SQRT_PI * exp(-alpha * alpha * r2) / r);
  f_over_r = -dedr / r;
  return e;
}

__global__ void ewald_real_csr(int n, const double* __restrict__ pos, const double* __restrict__ charge,
                               const int* __restrict__ nbr_start, const int* __restrict__ nbr_idx,
                               double box, double rcut, double alpha, double* __restrict__ force,
                               double* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < n) {
    const double qi = charge[i];
    const double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
    double fx = 0.0, fy = 0.0, fz = 0.0;
    e = -alpha * INV_SQRT_PI * qi * qi;
    const int beg = nbr_start[i], end = nbr_start[i + 1];
    for (int k = beg; k < end; ++k) {
      const int j = nbr_idx[k];
      const double dx = min_image(xi - pos[3 * j], box);
      const double dy = min_image(yi - pos[3 * j + 1], box);
      const double dz = min_image(zi - pos[3 * j + 2], box);
      const double r2 = dx * dx + dy * dy + dz * dz;
      if (r2 > rcut * rcut) continue;
      double fr;
      e += erfc_pair(r2, qi * charge[j], alpha, fr);
      fx += fr * dx;
      fy += fr * dy;
      fz += fr * dz;
      atomicAdd(&force[3 * j], -fr * dx);
      atomicAdd(&force[3 * j + 1], -fr * dy);
      atomicAdd(&force[3 * j + 2], -fr * dz);
    }
    atomicAdd(&force[3 * i], fx);
    atomicAdd(&force[3 * i + 1], fy);
    atomicAdd(&force[3 * i + 2], fz);
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(FULL_MASK, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e);
}
