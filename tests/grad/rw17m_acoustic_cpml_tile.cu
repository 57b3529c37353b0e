// cuad: --fn pressure_update --wrt f,kappa
// cuad: fwd --fn pressure_update --wrt f,kappa
// Pressure update of a 2-D staggered-grid acoustic wave code with convolutional PML (CPML),
// as in seismic reverse-time-migration codes: the wavefields travel in a struct of device
// pointers passed by value (the velocities read-only, the pressure and the two CPML memory
// variables updated in place), 4th-order staggered differences with coefficients in
// __constant__ memory, the velocities staged in shared-memory tiles with 2-cell halos (zero
// outside the model) loaded by the edge threads of a 2-D block, CPML profiles (b, a) per
// column and per row in a second struct of pointers, bulk modulus per cell.
#include <cuda_runtime.h>

#define TX 8
#define TZ 8
#define HALO 2

__constant__ double c_fd[2] = {9.0 / 8.0, -1.0 / 24.0};

struct Fields {
  double* p;
  double* psi_x;
  double* psi_z;
  const double* vx;  // vx(i + 1/2, j) stored at i
  const double* vz;  // vz(i, j + 1/2) stored at j
};

struct Cpml {
  const double* bx;
  const double* ax;
  const double* bz;
  const double* az;
};

__global__ void pressure_update(Fields f, const double* __restrict__ kappa, Cpml pml, double dt,
                                double h, int nx, int nz) {
  __shared__ double svx[TZ][TX + 2 * HALO];
  __shared__ double svz[TZ + 2 * HALO][TX];
  const int tx = threadIdx.x, tz = threadIdx.y;
  const int i = blockIdx.x * TX + tx, j = blockIdx.y * TZ + tz;
  const bool inside = i < nx && j < nz;
  svx[tz][tx + HALO] = inside ? f.vx[j * nx + i] : 0.0;
  svz[tz + HALO][tx] = inside ? f.vz[j * nx + i] : 0.0;
  if (tx < HALO) {
    const int il = i - HALO, ir = i + TX;
    svx[tz][tx] = (il >= 0 && j < nz) ? f.vx[j * nx + il] : 0.0;
    svx[tz][tx + TX + HALO] = (ir < nx && j < nz) ? f.vx[j * nx + ir] : 0.0;
  }
  if (tz < HALO) {
    const int jl = j - HALO, jr = j + TZ;
    svz[tz][tx] = (jl >= 0 && i < nx) ? f.vz[jl * nx + i] : 0.0;
    svz[tz + TZ + HALO][tx] = (jr < nz && i < nx) ? f.vz[jr * nx + i] : 0.0;
  }
  __syncthreads();
  if (!inside) return;
  // d vx / dx at (i, j): vx lives at i - 1/2 (index i - 1) and i + 1/2 (index i)
  const int sx = tx + HALO, sz = tz + HALO;
  double dvx = 0.0, dvz = 0.0;
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    dvx += c_fd[k] * (svx[tz][sx + k] - svx[tz][sx - 1 - k]);
    dvz += c_fd[k] * (svz[sz + k][tx] - svz[sz - 1 - k][tx]);
  }
  dvx /= h;
  dvz /= h;
  const int id = j * nx + i;
  const double px = pml.bx[i] * f.psi_x[id] + pml.ax[i] * dvx;
  const double pz = pml.bz[j] * f.psi_z[id] + pml.az[j] * dvz;
  f.psi_x[id] = px;
  f.psi_z[id] = pz;
  f.p[id] -= dt * kappa[id] * (dvx + px + dvz + pz);
}
