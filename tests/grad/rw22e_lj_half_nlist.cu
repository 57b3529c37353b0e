// cuad: --fn lj_half_nlist --wrt x,y,z,eps,sigma,fx,fy,fz,energy,virial
// cuad: fwd --fn lj_half_nlist
// Lennard-Jones forces in an MD code with a half (Newton) neighbour list in CSR form
// (nl_offset / nl_list, each pair stored once): the list was built with a skin, so pairs
// beyond the cutoff are skipped with `continue`; minimum image with rint in a cubic periodic
// box, positions in struct-of-arrays x/y/z read through __ldg, a shifted energy, the pair
// force added to atom i in registers and scattered into atom j with atomicAdd (Newton's
// third law), then atom i's total, the energy and the virial flushed with atomicAdd.
// Grid-stride loop over atoms.
#define RCUT 1.5
#define RCUT2 (RCUT * RCUT)

__device__ __forceinline__ double min_image(double d, const double box, const double inv_box) {
  return d - box * rint(d * inv_box);
}

__global__ void lj_half_nlist(const int natoms, const double* __restrict__ x,
                              const double* __restrict__ y, const double* __restrict__ z,
                              const int* __restrict__ nl_offset, const int* __restrict__ nl_list,
                              const double eps, const double sigma, const double box,
                              double* fx, double* fy, double* fz, double* energy,
                              double* virial) {
  const double inv_box = 1.0 / box;
  const double sig2 = sigma * sigma;
  const double sc2 = sig2 / RCUT2;
  const double sc6 = sc2 * sc2 * sc2;
  const double e_shift = 4.0 * eps * sc6 * (sc6 - 1.0);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < natoms; i += blockDim.x * gridDim.x) {
    const double xi = __ldg(&x[i]), yi = __ldg(&y[i]), zi = __ldg(&z[i]);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0, ei = 0.0, wi = 0.0;
    const int beg = nl_offset[i];
    const int end = nl_offset[i + 1];
    for (int p = beg; p < end; ++p) {
      const int j = __ldg(&nl_list[p]);
      const double dx = min_image(xi - __ldg(&x[j]), box, inv_box);
      const double dy = min_image(yi - __ldg(&y[j]), box, inv_box);
      const double dz = min_image(zi - __ldg(&z[j]), box, inv_box);
      const double r2 = dx * dx + dy * dy + dz * dz;
      if (r2 >= RCUT2) continue;
      const double sr2 = sig2 / r2;
      const double sr6 = sr2 * sr2 * sr2;
      const double fr = 24.0 * eps * sr6 * (2.0 * sr6 - 1.0) / r2;  // |F| / r
      fxi += fr * dx;
      fyi += fr * dy;
      fzi += fr * dz;
      atomicAdd(&fx[j], -fr * dx);
      atomicAdd(&fy[j], -fr * dy);
      atomicAdd(&fz[j], -fr * dz);
      ei += 4.0 * eps * sr6 * (sr6 - 1.0) - e_shift;
      wi += fr * r2;
    }
    atomicAdd(&fx[i], fxi);
    atomicAdd(&fy[i], fyi);
    atomicAdd(&fz[i], fzi);
    atomicAdd(energy, ei);
    atomicAdd(virial, wi);
  }
}
