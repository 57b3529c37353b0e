// cuad: --fn vdiff_column --wrt T,kz,sfc_flux
// cuad: fwd --fn vdiff_column
// Implicit vertical diffusion in an atmosphere/ocean column model: one thread per column
// (grid-stride over columns), a backward-Euler step of dT/dt = d/dz(K dT/dz) + surface flux,
// solved with the Thomas algorithm on a tridiagonal system held in per-thread local arrays
// (NZ levels from a macro; T is the anomaly from a reference profile), layer thicknesses in __constant__ memory, eddy diffusivities
// K on interfaces scaled by a stability function of the local gradient, the column state
// updated in place (levels contiguous per column, column-major layout).
#include <cuda_runtime.h>

#define NZ 12
#define IDX(k, c, ncol) ((k) * (ncol) + (c))

__constant__ double c_dz[NZ];  // layer thicknesses (not differentiated)

// Stability correction: less mixing where the column is strongly stratified.
__device__ __forceinline__ double stab_fn(double dTdz) {
  return 1.0 / (1.0 + 5.0 * dTdz * dTdz);
}

// Solves a[k] x[k-1] + b[k] x[k] + c[k] x[k+1] = d[k]; overwrites c and d, x into d.
__device__ void thomas(const double* a, const double* b, double* c, double* d, int n) {
  c[0] = c[0] / b[0];
  d[0] = d[0] / b[0];
  for (int k = 1; k < n; ++k) {
    const double m = 1.0 / (b[k] - a[k] * c[k - 1]);
    c[k] = c[k] * m;
    d[k] = (d[k] - a[k] * d[k - 1]) * m;
  }
  for (int k = n - 2; k >= 0; --k) d[k] = d[k] - c[k] * d[k + 1];
}

__global__ void vdiff_column(double* __restrict__ T, const double* __restrict__ kz,
                             const double* __restrict__ sfc_flux, double dt, int ncol) {
  for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < ncol;
       col += blockDim.x * gridDim.x) {
    double a[NZ], b[NZ], c[NZ], d[NZ], kint[NZ + 1];
    kint[0] = 0.0;   // no flux through the top
    kint[NZ] = 0.0;  // surface flux handled explicitly
#pragma unroll
    for (int k = 1; k < NZ; ++k) {
      const double dzi = 0.5 * (c_dz[k - 1] + c_dz[k]);
      const double g = (T[IDX(k, col, ncol)] - T[IDX(k - 1, col, ncol)]) / dzi;
      kint[k] = kz[IDX(k, col, ncol)] * stab_fn(g) / dzi;
    }
    for (int k = 0; k < NZ; ++k) {
      const double r = dt / c_dz[k];
      a[k] = -r * kint[k];
      c[k] = -r * kint[k + 1];
      b[k] = 1.0 - a[k] - c[k];
      d[k] = T[IDX(k, col, ncol)];
    }
    d[NZ - 1] += dt * sfc_flux[col] / c_dz[NZ - 1];
    thomas(a, b, c, d, NZ);
    for (int k = 0; k < NZ; ++k) T[IDX(k, col, ncol)] = d[k];
  }
}
