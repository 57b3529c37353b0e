// cuad: --fn ewald_real --wrt pos,q,alpha,force,energy
// cuad: --fn pair_energy_pbc
// cuad: fwd --fn ewald_real --wrt pos,q,alpha,force,energy
// The real-space part of an Ewald sum for a periodic ionic system: every atom loops over
// every other atom (O(N^2), small systems), minimum image by floor(d / L + 0.5), pairs past
// the real-space cutoff skipped, the screened Coulomb term erfc(alpha r) / r and its force
// from a __host__ __device__ helper returning a struct, unpacked with a structured binding;
// the self-energy correction -alpha/sqrt(pi) q_i^2 is added per atom and the energy is
// accumulated with atomicAdd. A pair-energy helper with the same minimum image is shared with
// the host code (a CPU reference) and differentiated on its own as well.
#include <cuda_runtime.h>
#include <cmath>

#define COULOMB 1.0
#define INV_SQRT_PI 0.56418958354775628695

struct PairEF {
  double energy;
  double fscale;  // F_i = fscale * (r_i - r_j)
};

__host__ __device__ inline double wrap_pbc(double d, double L) { return d - L * floor(d / L + 0.5); }

__host__ __device__ PairEF ewald_real_pair(double r2, double qi, double qj, double alpha) {
  const double r = sqrt(r2);
  const double qq = COULOMB * qi * qj;
  const double erfc_ar = erfc(alpha * r);
  const double gauss = 2.0 * alpha * INV_SQRT_PI * exp(-alpha * alpha * r2);
  PairEF out;
  out.energy = qq * erfc_ar / r;
  const double dEdr = -qq * (erfc_ar / r2 + gauss / r);
  out.fscale = -dEdr / r;
  return out;
}

__host__ __device__ double pair_energy_pbc(const double* ri, const double* rj, double qi, double qj,
                                           double alpha, double L, double rc) {
  double r2 = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double d = wrap_pbc(ri[k] - rj[k], L);
    r2 += d * d;
  }
  if (r2 > rc * rc) return 0.0;
  const auto [e, fs] = ewald_real_pair(r2, qi, qj, alpha);
  return e;
}

__global__ void ewald_real(const double* __restrict__ pos, const double* __restrict__ q, int n,
                           double alpha, double L, double rc, double* __restrict__ force,
                           double* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double qi = q[i];
  double f[3] = {0.0, 0.0, 0.0};
  double e = -alpha * INV_SQRT_PI * COULOMB * qi * qi;  // self energy
  const double rc2 = rc * rc;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    double d[3];
    double r2 = 0.0;
    for (int k = 0; k < 3; ++k) {
      d[k] = wrap_pbc(pos[3 * i + k] - pos[3 * j + k], L);
      r2 += d[k] * d[k];
    }
    if (r2 >= rc2) continue;
    const auto [ej, fs] = ewald_real_pair(r2, qi, q[j], alpha);
    e += 0.5 * ej;
    for (int k = 0; k < 3; ++k) f[k] += fs * d[k];
  }
  for (int k = 0; k < 3; ++k) force[3 * i + k] = f[k];
  atomicAdd(energy, e);
}
