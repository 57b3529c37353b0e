// cuad: --fn ringdown --wrt c2,amp,trace,energy_out
// 1-D acoustic ring-down with absorbing (Mur) ends, as a resonator-design script runs it: the
// host steps a leapfrog scheme until the energy left in the domain has fallen below a fraction
// of its peak or a step budget is spent. Every `check_every` steps a block-reduction kernel
// sums the discrete energy into a device scalar, the host copies it back, tracks the peak with
// std::max and breaks out of the time loop. The three time levels rotate with std::swap
// calls, the Mur boundary needs the previous step's neighbour values (kept by the kernel in a
// small device buffer), the source is a short pulse added at one cell, a receiver cell is
// recorded every step into a device trace that is copied back once. Returns the number of
// steps taken; the final energy goes to an output parameter.
#include <cuda_runtime.h>
#include <algorithm>
#include <utility>

#define TPB 64

__global__ void leapfrog(const double* __restrict__ um, const double* __restrict__ u, double* __restrict__ up,
                         const double* __restrict__ c2, double* mur_prev, double r, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) {
    up[i] = 2.0 * u[i] - um[i] + c2[i] * r * r * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
  } else if (i == 0) {
    const double k = (sqrt(c2[0]) * r - 1.0) / (sqrt(c2[0]) * r + 1.0);
    up[0] = u[1] + k * (mur_prev[0] - u[0]);
  } else if (i == n - 1) {
    const double k = (sqrt(c2[n - 1]) * r - 1.0) / (sqrt(c2[n - 1]) * r + 1.0);
    up[n - 1] = u[n - 2] + k * (mur_prev[1] - u[n - 1]);
  }
}

// After the update: keep the new neighbour values the Mur condition needs next step.
__global__ void keep_edges(const double* __restrict__ up, double* mur_prev, int n) {
  if (threadIdx.x == 0) mur_prev[0] = up[1];
  if (threadIdx.x == 1) mur_prev[1] = up[n - 2];
}

__global__ void add_source(double* u, int s, double v) { u[s] += v; }

__global__ void record(const double* __restrict__ u, double* trace, int rx, int t) { trace[t] = u[rx]; }

__global__ void energy_kernel(const double* __restrict__ um, const double* __restrict__ u,
                              const double* __restrict__ c2, double r, int n, double* e) {
  __shared__ double s[TPB];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = 0.0;
  if (i < n - 1) {
    const double ut = u[i] - um[i];
    const double ux = r * (u[i + 1] - u[i]);
    v = 0.5 * ut * ut + 0.5 * c2[i] * ux * ux;
  }
  s[threadIdx.x] = v;
  __syncthreads();
  for (int w = TPB / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(e, s[0]);
}

int ringdown(const double* c2, double amp, int n, int src, int rx, int max_steps, int check_every, double frac,
             double* trace, double* energy_out) {
  const double r = 0.5;
  double *d_um, *d_u, *d_up, *d_c2, *d_mur, *d_trace, *d_e;
  cudaMalloc(&d_um, n * sizeof(double));
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_up, n * sizeof(double));
  cudaMalloc(&d_c2, n * sizeof(double));
  cudaMalloc(&d_mur, 2 * sizeof(double));
  cudaMalloc(&d_trace, max_steps * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMemcpy(d_c2, c2, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_um, 0, n * sizeof(double));
  cudaMemset(d_u, 0, n * sizeof(double));
  cudaMemset(d_up, 0, n * sizeof(double));
  cudaMemset(d_mur, 0, 2 * sizeof(double));
  cudaMemset(d_trace, 0, max_steps * sizeof(double));
  const int blocks = (n + TPB - 1) / TPB;
  double peak = 0.0, e = 0.0;
  int t = 0;
  while (t < max_steps) {
    leapfrog<<<blocks, TPB>>>(d_um, d_u, d_up, d_c2, d_mur, r, n);
    keep_edges<<<1, 2>>>(d_up, d_mur, n);
    if (t < 6) add_source<<<1, 1>>>(d_up, src, amp * (t < 3 ? t + 1 : 6 - t));
    record<<<1, 1>>>(d_up, d_trace, rx, t);
    std::swap(d_um, d_u);
    std::swap(d_u, d_up);
    ++t;
    if (t % check_every == 0) {
      cudaMemset(d_e, 0, sizeof(double));
      energy_kernel<<<blocks, TPB>>>(d_um, d_u, d_c2, r, n, d_e);
      cudaMemcpy(&e, d_e, sizeof(double), cudaMemcpyDeviceToHost);
      peak = std::max(peak, e);
      if (e < frac * peak) break;
    }
  }
  cudaMemcpy(trace, d_trace, max_steps * sizeof(double), cudaMemcpyDeviceToHost);
  *energy_out = e;
  cudaFree(d_um);
  cudaFree(d_u);
  cudaFree(d_up);
  cudaFree(d_c2);
  cudaFree(d_mur);
  cudaFree(d_trace);
  cudaFree(d_e);
  return t;
}
