// cuad: --fn buckingham_triclinic --wrt pos,cell,A,rho,C,force,energy
// cuad: --fn min_image_r2
// Buckingham (exp-6) pair interactions of an oxide crystal in a triclinic cell, double
// precision. The cell is a struct holding the upper-triangular box matrix H (columns a, b, c)
// and its inverse as 3x3 arrays; the minimum image goes through fractional coordinates
// (s = Hinv d, s -= floor(s + 0.5), d = H s) in a __host__ __device__ helper that also
// serves the host-side neighbour-list builder. Species pairs index small A, rho, C tables
// (n_species x n_species, symmetric). Half neighbour list in CSR form with Newton's third
// law: the pair force is added to atom i in registers and to atom j with atomicAdd, and the
// pair energy is split evenly between the two atoms' per-atom energies.
#include <cuda_runtime.h>
#include <math.h>

#define NSPEC 2

struct Cell {
  double H[3][3];
  double Hinv[3][3];
};

__host__ __device__ inline double min_image_r2(const Cell& cell, double d[3]) {
  double s[3];
  for (int r = 0; r < 3; ++r) {
    s[r] = cell.Hinv[r][0] * d[0] + cell.Hinv[r][1] * d[1] + cell.Hinv[r][2] * d[2];
    s[r] -= floor(s[r] + 0.5);
  }
  double r2 = 0.0;
  for (int r = 0; r < 3; ++r) {
    d[r] = cell.H[r][0] * s[0] + cell.H[r][1] * s[1] + cell.H[r][2] * s[2];
    r2 += d[r] * d[r];
  }
  return r2;
}

__global__ void buckingham_triclinic(int n, const double* __restrict__ pos, const int* __restrict__ species,
                                     const int* __restrict__ nl_start, const int* __restrict__ nl_idx, Cell cell,
                                     const double* __restrict__ A, const double* __restrict__ rho,
                                     const double* __restrict__ C, double rc2, double* __restrict__ force,
                                     double* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int si = species[i];
  double fi[3] = {0.0, 0.0, 0.0};
  for (int k = nl_start[i]; k < nl_start[i + 1]; ++k) {
    const int j = nl_idx[k];
    double d[3];
    for (int c = 0; c < 3; ++c) d[c] = pos[3 * i + c] - pos[3 * j + c];
    const double r2 = min_image_r2(cell, d);
    if (r2 > rc2) continue;
    const int p = si * NSPEC + species[j];
    const double r = sqrt(r2);
    const double ir6 = 1.0 / (r2 * r2 * r2);
    const double ex = A[p] * exp(-r / rho[p]);
    const double e = ex - C[p] * ir6;
    const double fr = (ex / rho[p] - 6.0 * C[p] * ir6 / r) / r;  // -dE/dr / r
    for (int c = 0; c < 3; ++c) {
      fi[c] += fr * d[c];
      atomicAdd(&force[3 * j + c], -fr * d[c]);
    }
    atomicAdd(&energy[i], 0.5 * e);
    atomicAdd(&energy[j], 0.5 * e);
  }
  for (int c = 0; c < 3; ++c) atomicAdd(&force[3 * i + c], fi[c]);
}
