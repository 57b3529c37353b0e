// cuad: --fn burgers_llf --wrt u,nu,un
// cuad: fwd --fn burgers_llf --wrt u,nu,un
// One explicit step of the viscous Burgers equation on a periodic grid with a Lax-Friedrichs
// flux whose dissipation speed is the largest |u| of the warp (a butterfly max with
// __shfl_xor_sync), the block's cells staged in a shared-memory tile with one periodic halo
// cell per side (loaded by the first and the last thread), and a central viscous term.
#include <cuda_runtime.h>

#define BLOCK 64

__device__ __forceinline__ double warp_max(double v) {
  for (int off = 16; off > 0; off >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, off));
  return v;
}

__device__ __forceinline__ double llf(double ul, double ur, double a) {
  return 0.25 * (ul * ul + ur * ur) - 0.5 * a * (ur - ul);
}

__global__ void burgers_llf(const double* __restrict__ u, double* __restrict__ un, double nu,
                            double dt, double dx, int n) {
  __shared__ double s[BLOCK + 2];
  const int t = threadIdx.x;
  const int i = blockIdx.x * BLOCK + t;  // n is a multiple of BLOCK
  s[t + 1] = u[i];
  if (t == 0) s[0] = u[(i - 1 + n) % n];
  if (t == BLOCK - 1) s[BLOCK + 1] = u[(i + 1) % n];
  __syncthreads();
  const double a = warp_max(fabs(s[t + 1]));
  const double fr = llf(s[t + 1], s[t + 2], a);
  const double fl = llf(s[t], s[t + 1], a);
  const double visc = nu * (s[t + 2] - 2.0 * s[t + 1] + s[t]) / (dx * dx);
  un[i] = s[t + 1] - dt / dx * (fr - fl) + dt * visc;
}
