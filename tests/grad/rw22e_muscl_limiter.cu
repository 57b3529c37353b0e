// cuad: --fn burgers_muscl --wrt u0,dtdx,u_out -DLIMITER=1
// cuad: --fn burgers_muscl --wrt u0,dtdx,u_out -DLIMITER=2
// cuad: fwd --fn burgers_muscl -DLIMITER=2
// A second-order finite-volume solver for the inviscid Burgers equation on a periodic 1-D
// mesh, as a CFD teaching/production code writes it: MUSCL reconstruction with a slope
// limiter picked at compile time (minmod with an early return on opposite signs and a fabs
// comparison, or superbee through fmin/fmax of scaled |slopes| and a sign), a Rusanov (local
// Lax-Friedrichs) face flux with fmax(fabs(uL), fabs(uR)), one thread per face then one per
// cell, and a host time loop of two kernels per step with pointer swapping.
#include <cuda_runtime.h>
#include <utility>

#ifndef LIMITER
#define LIMITER 1
#endif
#define BLOCK 32

__device__ __forceinline__ double minmod(const double a, const double b) {
  if (a * b <= 0.0) return 0.0;
  return (fabs(a) < fabs(b)) ? a : b;
}

__device__ __forceinline__ double superbee(const double a, const double b) {
  if (a * b <= 0.0) return 0.0;
  const double s = (a > 0.0) ? 1.0 : -1.0;
  const double aa = fabs(a), ab = fabs(b);
  return s * fmax(fmin(2.0 * aa, ab), fmin(aa, 2.0 * ab));
}

#if LIMITER == 1
#define SLOPE(a, b) minmod(a, b)
#else
#define SLOPE(a, b) superbee(a, b)
#endif

__device__ __forceinline__ double burgers_flux(const double u) { return 0.5 * u * u; }

// flux through face i+1/2, between cells i and i+1
__global__ void muscl_flux(const double* __restrict__ u, double* __restrict__ F, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i - 1 + n) % n, ip = (i + 1) % n, ipp = (i + 2) % n;
  const double uim = u[im], ui = u[i], uip = u[ip], uipp = u[ipp];
  const double uL = ui + 0.5 * SLOPE(ui - uim, uip - ui);
  const double uR = uip - 0.5 * SLOPE(uip - ui, uipp - uip);
  const double smax = fmax(fabs(uL), fabs(uR));
  F[i] = 0.5 * (burgers_flux(uL) + burgers_flux(uR)) - 0.5 * smax * (uR - uL);
}

__global__ void fv_update(const double* __restrict__ u, const double* __restrict__ F,
                          double* __restrict__ unew, const double dtdx, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i == 0) ? n - 1 : i - 1;
  unew[i] = u[i] - dtdx * (F[i] - F[im]);
}

void burgers_muscl(const double* u0, double* u_out, double dtdx, int n, int nsteps) {
  double *d_u, *d_unew, *d_F;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_unew, n * sizeof(double));
  cudaMalloc(&d_F, n * sizeof(double));
  cudaMemcpy(d_u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  const int grid = (n + BLOCK - 1) / BLOCK;
  for (int step = 0; step < nsteps; ++step) {
    muscl_flux<<<grid, BLOCK>>>(d_u, d_F, n);
    fv_update<<<grid, BLOCK>>>(d_u, d_F, d_unew, dtdx, n);
    std::swap(d_u, d_unew);
  }
  cudaMemcpy(u_out, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_unew);
  cudaFree(d_F);
}
