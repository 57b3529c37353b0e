// cuad: --fn lj_cell_forces --wrt f,energy,pos,p -DCUAD_TAPE_CAPACITY=1024
// Lennard-Jones forces from a cell list, in the style of a small MD code: particles sorted by
// cell on the host (cell_start/cell_end + sorted index), each thread owns one particle and
// walks the 27 neighbouring cells with periodic wrap-around, minimum image with rint(), a
// truncated and shifted potential, a parameter struct passed by value (eps, sigma, cutoff, box,
// all differentiable), a full neighbour loop (no force
// atomics: every pair is visited twice), and the potential energy summed with a warp shuffle
// reduction and one atomicAdd per warp.
#define FULL_MASK 0xffffffffu

struct LJParams {
  double eps;
  double sigma;
  double rcut;
  double box;        // cubic periodic box edge
  double cell_size;  // box / ncell
  int ncell;         // cells per dimension
};

__device__ __forceinline__ int wrap_cell(int c, int n) {
  return c < 0 ? c + n : (c >= n ? c - n : c);
}

__device__ __forceinline__ double min_image(double d, double box) {
  return d - box * rint(d / box);
}

__device__ inline double lj_energy_force(double r2, double eps, double sigma, double* fr) {
  const double s2 = sigma * sigma / r2;
  const double s6 = s2 * s2 * s2;
  *fr = 24.0 * eps * s6 * (2.0 * s6 - 1.0) / r2;  // F/r
  return 4.0 * eps * s6 * (s6 - 1.0);
}

__device__ double warp_sum(double v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL_MASK, v, off);
  return v;
}

__global__ void lj_cell_forces(double* __restrict__ f, double* __restrict__ energy,
                               const double* __restrict__ pos, const int* __restrict__ sorted,
                               const int* __restrict__ cell_start,
                               const int* __restrict__ cell_end, LJParams p, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  double e_i = 0.0;
  if (t < n) {
    const int i = sorted[t];
    const double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
    const int cx = (int)floor(xi / p.cell_size);
    const int cy = (int)floor(yi / p.cell_size);
    const int cz = (int)floor(zi / p.cell_size);
    const double rc2 = p.rcut * p.rcut;
    double fdum;
    const double eshift = lj_energy_force(rc2, p.eps, p.sigma, &fdum);
    double fx = 0.0, fy = 0.0, fz = 0.0;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int c = wrap_cell(cx + dx, p.ncell) +
                        p.ncell * (wrap_cell(cy + dy, p.ncell) +
                                   p.ncell * wrap_cell(cz + dz, p.ncell));
          for (int s = cell_start[c]; s < cell_end[c]; ++s) {
            const int j = sorted[s];
            if (j == i) continue;
            const double rx = min_image(xi - pos[3 * j], p.box);
            const double ry = min_image(yi - pos[3 * j + 1], p.box);
            const double rz = min_image(zi - pos[3 * j + 2], p.box);
            const double r2 = rx * rx + ry * ry + rz * rz;
            if (r2 < rc2) {
              double fr;
              const double e = lj_energy_force(r2, p.eps, p.sigma, &fr);
              e_i += 0.5 * (e - eshift);
              fx += fr * rx;
              fy += fr * ry;
              fz += fr * rz;
            }
          }
        }
    f[3 * i] = fx;
    f[3 * i + 1] = fy;
    f[3 * i + 2] = fz;
  }
  const double e_w = warp_sum(e_i);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e_w);
}
