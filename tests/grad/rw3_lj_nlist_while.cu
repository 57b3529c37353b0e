// cuad: --fn lj_energy_forces --wrt pos,eps,sigma,energy,force
// cuad: fwd --fn lj_energy_forces
// Lennard-Jones with a shifted cutoff over a CSR neighbor list: a while loop over each atom's
// neighbors (trip count from the list), an early `continue` beyond the cutoff, per-atom
// energies and forces (double3 via make_double3), parameters shared by all atoms.
#include <cuda_runtime.h>

__device__ inline double lj(double r2, double eps, double sig2, double* dvdr2) {
  const double s2 = sig2 / r2;
  const double s6 = s2 * s2 * s2;
  *dvdr2 = -12.0 * eps * (2.0 * s6 * s6 - s6) / r2;
  return 4.0 * eps * (s6 * s6 - s6);
}

__global__ void lj_energy_forces(const double3* __restrict__ pos, const int* __restrict__ start,
                                 const int* __restrict__ nbr, const double* eps,
                                 const double* sigma, double rc, double* energy, double* force,
                                 int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double3 pi = pos[i];
  const double sig2 = sigma[0] * sigma[0];
  double dummy;
  const double e_cut = lj(rc * rc, eps[0], sig2, &dummy);
  double e = 0.0;
  double3 f = make_double3(0.0, 0.0, 0.0);
  int k = start[i];
  const int end = start[i + 1];
  while (k < end) {
    const int j = nbr[k++];
    const double dx = pi.x - pos[j].x, dy = pi.y - pos[j].y, dz = pi.z - pos[j].z;
    const double r2 = dx * dx + dy * dy + dz * dz;
    if (r2 >= rc * rc) continue;
    double dv;
    e += 0.5 * (lj(r2, eps[0], sig2, &dv) - e_cut);
    f.x -= dv * dx;
    f.y -= dv * dy;
    f.z -= dv * dz;
  }
  energy[i] = e;
  force[3 * i] = f.x;
  force[3 * i + 1] = f.y;
  force[3 * i + 2] = f.z;
}
