// cuad: --fn morse_bonds --wrt pos,D,a,r0,energy,force
// cuad: fwd --fn morse_bonds --wrt pos,D,a,r0,energy,force
// Morse bond energies and forces of a bond list (a CSR list of bonded partners per atom, as
// a topology file gives it), with a helper that returns whether the pair is inside the
// interaction range and writes the minimum-image separation vector and its squared length
// through an output array and a reference (`if (!separation(...)) continue;`), and a second
// helper that returns early for stretched bonds beyond the dissociation cutoff, writing the
// energy and the radial derivative through references. Bond parameters (D, a, r0) per bond
// type from small arrays; energies are added per atom (1/2 each), forces written per atom.
#include <cuda_runtime.h>
#include <math.h>

__device__ bool separation(const double* __restrict__ pos, int i, int j, double box, double rmax, double* d,
                           double& r2) {
  r2 = 0.0;
  for (int k = 0; k < 3; ++k) {
    double x = pos[3 * j + k] - pos[3 * i + k];
    x -= box * rint(x / box);
    d[k] = x;
    r2 += x * x;
  }
  return r2 < rmax * rmax;
}

__device__ void morse(double r, double D, double a, double r0, double r_diss, double& e, double& dedr) {
  if (r > r_diss) {
    e = 0.0;
    dedr = 0.0;
    return;
  }
  const double x = exp(-a * (r - r0));
  const double xc = exp(-a * (r_diss - r0));
  e = D * ((1.0 - x) * (1.0 - x) - (1.0 - xc) * (1.0 - xc));
  dedr = 2.0 * D * a * x * (1.0 - x);
}

__global__ void morse_bonds(int n, const double* __restrict__ pos, const int* __restrict__ bond_start,
                            const int* __restrict__ partner, const int* __restrict__ btype,
                            const double* __restrict__ D, const double* __restrict__ a, const double* __restrict__ r0,
                            double box, double rmax, double r_diss, double* __restrict__ energy,
                            double* __restrict__ force) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double e_i = 0.0, f[3] = {0.0, 0.0, 0.0};
  for (int b = bond_start[i]; b < bond_start[i + 1]; ++b) {
    const int j = partner[b], t = btype[b];
    double d[3], r2;
    if (!separation(pos, i, j, box, rmax, d, r2)) continue;
    const double r = sqrt(r2);
    double e, dedr;
    morse(r, D[t], a[t], r0[t], r_diss, e, dedr);
    e_i += 0.5 * e;
    for (int k = 0; k < 3; ++k) f[k] += dedr * d[k] / r;  // pulls i towards j when stretched
  }
  energy[i] = e_i;
  for (int k = 0; k < 3; ++k) force[3 * i + k] = f[k];
}
