// cuad: --fn burgers_run --wrt u0,u_out
// cuad: fwd --fn burgers_run --wrt u0,u_out
// A 1-D inviscid Burgers solver as a small finite-volume code runs it: MUSCL reconstruction
// with a minmod limiter (copysign, fmin, fabs), a Rusanov (local Lax-Friedrichs) flux with
// fmax of the wave speeds, a shared-memory tile per block with a two-cell halo on each side
// (periodic boundaries), a template on the block size, and a host time loop (forward Euler,
// nsteps launches with std::swap of the device buffers) between cudaMalloc/cudaMemcpy and
// cudaFree.
#include <cuda_runtime.h>
#include <utility>

#define HALO 2

__device__ __forceinline__ double minmod(double a, double b) {
  return 0.5 * (copysign(1.0, a) + copysign(1.0, b)) * fmin(fabs(a), fabs(b));
}

__device__ __forceinline__ double flux(double u) { return 0.5 * u * u; }

__device__ __forceinline__ double rusanov(double ul, double ur) {
  const double a = fmax(fabs(ul), fabs(ur));
  return 0.5 * (flux(ul) + flux(ur)) - 0.5 * a * (ur - ul);
}

template <int BLOCK>
__global__ void burgers_step(const double* __restrict__ u, double* __restrict__ un, double dtdx,
                             int n) {
  __shared__ double s[BLOCK + 2 * HALO];
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  const int t = threadIdx.x + HALO;
  s[t] = u[i % n];
  if (threadIdx.x < HALO) {
    s[threadIdx.x] = u[(i - HALO + n) % n];
    s[t + BLOCK] = u[(i + BLOCK) % n];
  }
  __syncthreads();
  if (i >= n) return;
  // slopes at cells t-1, t, t+1
  const double dm = minmod(s[t - 1] - s[t - 2], s[t] - s[t - 1]);
  const double d0 = minmod(s[t] - s[t - 1], s[t + 1] - s[t]);
  const double dp = minmod(s[t + 1] - s[t], s[t + 2] - s[t + 1]);
  // interface values at i-1/2 and i+1/2
  const double fl = rusanov(s[t - 1] + 0.5 * dm, s[t] - 0.5 * d0);
  const double fr = rusanov(s[t] + 0.5 * d0, s[t + 1] - 0.5 * dp);
  un[i] = s[t] - dtdx * (fr - fl);
}

void burgers_run(const double* u0, double* u_out, int n, double dtdx, int nsteps) {
  const int B = 32;
  double *d_u, *d_v;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_v, n * sizeof(double));
  cudaMemcpy(d_u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n + B - 1) / B;
  for (int s = 0; s < nsteps; ++s) {
    burgers_step<B><<<blocks, B>>>(d_u, d_v, dtdx, n);
    std::swap(d_u, d_v);
  }
  cudaMemcpy(u_out, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_v);
}
