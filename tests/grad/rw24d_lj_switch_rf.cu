// cuad: --fn nonbonded_switched<32> --wrt pos,charge,eps,sigma,nb,force,energy,virial
// Non-bonded forces of a small biomolecular MD code, double precision: Lennard-Jones with
// Lorentz-Berthelot mixing of per-type parameters (eps_ij = sqrt(eps_i eps_j), sigma_ij =
// (sigma_i + sigma_j) / 2) under the CHARMM energy switch between r_on and r_off, plus
// reaction-field electrostatics. Full neighbour list in CSR form (each pair seen from both
// sides), positions as double4 (w unused), minimum image with rint in a loop over a box
// array held by the parameter struct. Per-atom energy (half of each pair) and the force are
// written per atom; the scalar virial sum r.f is reduced with warp shuffles and one
// atomicAdd per warp. The block size is a template parameter.
#include <cuda_runtime.h>

struct NBParams {
  double r_on, r_off;
  double k_rf, c_rf;   // reaction-field constants
  double coulomb;      // 1 / (4 pi eps0 eps_r) in the code's units
  double box[3];
};

__device__ __forceinline__ void charmm_switch(double r2, double ron2, double roff2, double& sw, double& dsw) {
  if (r2 <= ron2) {
    sw = 1.0;
    dsw = 0.0;
  } else {
    const double d = roff2 - ron2;
    const double inv = 1.0 / (d * d * d);
    const double a = roff2 - r2;
    sw = a * a * (roff2 + 2.0 * r2 - 3.0 * ron2) * inv;
    dsw = 12.0 * a * (ron2 - r2) * inv;  // d sw / d r2 times 2 (so that F = -dE/dr2 * 2 r)
  }
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) nonbonded_switched(
    int n, const double4* __restrict__ pos, const double* __restrict__ charge, const int* __restrict__ type,
    const double* __restrict__ eps, const double* __restrict__ sigma, const int* __restrict__ nl_start,
    const int* __restrict__ nl_idx, NBParams nb, double* __restrict__ force, double* __restrict__ energy,
    double* __restrict__ virial) {
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  double vir = 0.0;
  if (i < n) {
    const double4 pi = pos[i];
    const double qi = charge[i];
    const int ti = type[i];
    const double ron2 = nb.r_on * nb.r_on, roff2 = nb.r_off * nb.r_off;
    double f[3] = {0.0, 0.0, 0.0};
    double e_i = 0.0;
    for (int k = nl_start[i]; k < nl_start[i + 1]; ++k) {
      const int j = nl_idx[k];
      const double4 pj = pos[j];
      double dr[3] = {pi.x - pj.x, pi.y - pj.y, pi.z - pj.z};
      for (int d = 0; d < 3; ++d) dr[d] -= nb.box[d] * rint(dr[d] / nb.box[d]);
      const double r2 = dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2];
      if (r2 >= roff2) continue;
      const int tj = type[j];
      const double eij = sqrt(eps[ti] * eps[tj]);
      const double sij = 0.5 * (sigma[ti] + sigma[tj]);
      const double ir2 = 1.0 / r2;
      const double sr6 = (sij * sij * ir2) * (sij * sij * ir2) * (sij * sij * ir2);
      const double elj = 4.0 * eij * (sr6 * sr6 - sr6);
      const double flj = 24.0 * eij * (2.0 * sr6 * sr6 - sr6) * ir2;  // -dE/dr / r
      double sw, dsw;
      charmm_switch(r2, ron2, roff2, sw, dsw);
      const double r = sqrt(r2);
      const double qq = nb.coulomb * qi * charge[j];
      const double ecoul = qq * (1.0 / r + nb.k_rf * r2 - nb.c_rf);
      const double fcoul = qq * (1.0 / (r2 * r) - 2.0 * nb.k_rf);
      const double fscal = flj * sw - elj * dsw + fcoul;
      for (int d = 0; d < 3; ++d) f[d] += fscal * dr[d];
      e_i += 0.5 * (elj * sw + ecoul);
      vir += 0.5 * fscal * r2;
    }
    for (int d = 0; d < 3; ++d) force[3 * i + d] = f[d];
    energy[i] = e_i;
  }
  for (int off = 16; off > 0; off >>= 1) vir += __shfl_down_sync(0xffffffffu, vir, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(virial, vir);
}
