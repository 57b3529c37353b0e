// cuad: --fn lj_md_run --wrt pos,vel,eps,sigma
// A small Lennard-Jones MD driver in a cubic periodic box, the way a student MD code grows:
// the cell list is rebuilt on the device every step (a clear kernel, then each atom claims a
// slot in its cell with an integer atomicAdd), the force kernel visits the 27 neighbouring
// cells with periodic wrap-around, applies the minimum image with rint, skips pairs beyond
// the cutoff, uses a shifted LJ energy and accumulates the potential energy with atomicAdd.
// Velocity Verlet is stepped from the host (half kick, drift with wrap-around by floor,
// rebuild, forces, half kick); the total energy at the end is returned and positions and
// velocities are copied back. Gradient w.r.t. the initial state and epsilon / sigma.
#include <cuda_runtime.h>
#include <cmath>

#define MAX_PER_CELL 12
#define RCUT 2.5

struct Box {
  double L;
  double inv_L;
  int nc;  // cells per side (cell size >= RCUT)
};

__global__ void clear_cells(int* __restrict__ count, int ncell) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < ncell) count[c] = 0;
}

__global__ void bin_atoms(const double* __restrict__ x, int n, Box box, int* __restrict__ count,
                          int* __restrict__ slots) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int cxyz[3];
  for (int d = 0; d < 3; ++d) {
    int c = (int)floor(x[3 * i + d] * box.inv_L * box.nc);
    cxyz[d] = min(max(c, 0), box.nc - 1);
  }
  const int cell = (cxyz[0] * box.nc + cxyz[1]) * box.nc + cxyz[2];
  const int k = atomicAdd(&count[cell], 1);
  slots[cell * MAX_PER_CELL + k] = i;  // MAX_PER_CELL is sized for the density
}

__device__ __forceinline__ double min_image(double d, double L, double inv_L) {
  return d - L * rint(d * inv_L);
}

__global__ void lj_forces(const double* __restrict__ x, const int* __restrict__ count,
                          const int* __restrict__ slots, Box box, double eps, double sigma,
                          double* __restrict__ f, double* __restrict__ epot, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = x[3 * i], yi = x[3 * i + 1], zi = x[3 * i + 2];
  const int cx = min((int)(xi * box.inv_L * box.nc), box.nc - 1);
  const int cy = min((int)(yi * box.inv_L * box.nc), box.nc - 1);
  const int cz = min((int)(zi * box.inv_L * box.nc), box.nc - 1);
  const double rc2 = RCUT * RCUT;
  const double sc2 = sigma * sigma / rc2, sc6 = sc2 * sc2 * sc2;
  const double ecut = 4.0 * eps * (sc6 * sc6 - sc6);
  double fx = 0.0, fy = 0.0, fz = 0.0, e = 0.0;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dz = -1; dz <= 1; ++dz) {
        const int nx = (cx + dx + box.nc) % box.nc;
        const int ny = (cy + dy + box.nc) % box.nc;
        const int nz = (cz + dz + box.nc) % box.nc;
        const int cell = (nx * box.nc + ny) * box.nc + nz;
        const int cnt = min(count[cell], MAX_PER_CELL);
        for (int s = 0; s < cnt; ++s) {
          const int j = slots[cell * MAX_PER_CELL + s];
          if (j == i) continue;
          const double rx = min_image(xi - x[3 * j], box.L, box.inv_L);
          const double ry = min_image(yi - x[3 * j + 1], box.L, box.inv_L);
          const double rz = min_image(zi - x[3 * j + 2], box.L, box.inv_L);
          const double r2 = rx * rx + ry * ry + rz * rz;
          if (r2 >= rc2) continue;
          const double inv_r2 = 1.0 / r2;
          const double sr2 = sigma * sigma * inv_r2;
          const double sr6 = sr2 * sr2 * sr2;
          const double fmag = 24.0 * eps * (2.0 * sr6 * sr6 - sr6) * inv_r2;
          fx += fmag * rx;
          fy += fmag * ry;
          fz += fmag * rz;
          e += 4.0 * eps * (sr6 * sr6 - sr6) - ecut;
        }
      }
  f[3 * i] = fx;
  f[3 * i + 1] = fy;
  f[3 * i + 2] = fz;
  atomicAdd(epot, 0.5 * e);
}

__global__ void half_kick(double* __restrict__ v, const double* __restrict__ f, double dt_2m, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] += dt_2m * f[k];
}

__global__ void drift_wrap(double* __restrict__ x, const double* __restrict__ v, double dt, double L,
                           int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n3) return;
  const double y = x[k] + dt * v[k];
  x[k] = y - L * floor(y / L);
}

__global__ void kinetic(const double* __restrict__ v, double m, double* __restrict__ ekin, int n3) {
  __shared__ double s[64];
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = k < n3 ? 0.5 * m * v[k] * v[k] : 0.0;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(ekin, s[0]);
}

static void rebuild_and_forces(const double* d_x, int* d_count, int* d_slots, Box box, double eps,
                               double sigma, double* d_f, double* d_epot, int n) {
  const int ncell = box.nc * box.nc * box.nc;
  clear_cells<<<(ncell + 63) / 64, 64>>>(d_count, ncell);
  bin_atoms<<<(n + 63) / 64, 64>>>(d_x, n, box, d_count, d_slots);
  cudaMemset(d_epot, 0, sizeof(double));
  lj_forces<<<(n + 63) / 64, 64>>>(d_x, d_count, d_slots, box, eps, sigma, d_f, d_epot, n);
}

double lj_md_run(double* pos, double* vel, int n, double L, double eps, double sigma, double dt,
                 int steps) {
  const double mass = 1.0;
  Box box;
  box.L = L;
  box.inv_L = 1.0 / L;
  box.nc = (int)(L / RCUT);
  const int ncell = box.nc * box.nc * box.nc;
  const int n3 = 3 * n;
  double *d_x, *d_v, *d_f, *d_epot, *d_ekin;
  int *d_count, *d_slots;
  cudaMalloc(&d_x, n3 * sizeof(double));
  cudaMalloc(&d_v, n3 * sizeof(double));
  cudaMalloc(&d_f, n3 * sizeof(double));
  cudaMalloc(&d_epot, sizeof(double));
  cudaMalloc(&d_ekin, sizeof(double));
  cudaMalloc(&d_count, ncell * sizeof(int));
  cudaMalloc(&d_slots, ncell * MAX_PER_CELL * sizeof(int));
  cudaMemcpy(d_x, pos, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vel, n3 * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks3 = (n3 + 63) / 64;
  rebuild_and_forces(d_x, d_count, d_slots, box, eps, sigma, d_f, d_epot, n);
  for (int s = 0; s < steps; ++s) {
    half_kick<<<blocks3, 64>>>(d_v, d_f, 0.5 * dt / mass, n3);
    drift_wrap<<<blocks3, 64>>>(d_x, d_v, dt, L, n3);
    rebuild_and_forces(d_x, d_count, d_slots, box, eps, sigma, d_f, d_epot, n);
    half_kick<<<blocks3, 64>>>(d_v, d_f, 0.5 * dt / mass, n3);
  }
  cudaMemset(d_ekin, 0, sizeof(double));
  kinetic<<<blocks3, 64>>>(d_v, mass, d_ekin, n3);
  double epot = 0.0, ekin = 0.0;
  cudaMemcpy(&epot, d_epot, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(&ekin, d_ekin, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pos, d_x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(vel, d_v, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_epot);
  cudaFree(d_ekin);
  cudaFree(d_count);
  cudaFree(d_slots);
  return epot + ekin;
}
