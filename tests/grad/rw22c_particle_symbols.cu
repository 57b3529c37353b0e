// cuad: --fn advect_particles --wrt xy0,omega,wind,targets,xy_out
// Tracer particles advected through an analytic vortex + wind field with the explicit
// midpoint rule, written like a small simulation code: the flow parameters and the time step
// sit in `__device__` globals set with cudaMemcpyToSymbol from host scalars (the time step
// from a local), the positions, the midpoint stage and the targets are slices of ONE
// cudaMalloc (`d_buf + 2 * n`, `d_buf + 4 * n`), the misfit to the targets is accumulated by
// atomicAdd into a `__device__` double that is cleared with cudaMemcpyToSymbol before the
// loss kernel and read back with cudaMemcpyFromSymbol; the final positions go back with
// cudaMemcpy. Returns the mean squared misfit.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t st_ = (call);                                                        \
    if (st_ != cudaSuccess) {                                                        \
      printf("CUDA failure %s (%s:%d)\n", cudaGetErrorString(st_), __FILE__, __LINE__); \
      exit(2);                                                                       \
    }                                                                                \
  } while (0)

__device__ double g_omega;   // vortex strength
__device__ double g_wind[2]; // uniform background flow
__device__ double g_dt;
__device__ double g_misfit;

__device__ void velocity(double x, double y, double* u, double* v) {
  const double r2 = x * x + y * y;
  const double s = g_omega / (1.0 + r2);
  *u = -s * y + g_wind[0];
  *v = s * x + g_wind[1];
}

__global__ void midpoint_stage(const double* __restrict__ p, double* __restrict__ mid, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u, v;
  velocity(p[2 * i], p[2 * i + 1], &u, &v);
  mid[2 * i] = p[2 * i] + 0.5 * g_dt * u;
  mid[2 * i + 1] = p[2 * i + 1] + 0.5 * g_dt * v;
}

__global__ void full_step(double* __restrict__ p, const double* __restrict__ mid, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u, v;
  velocity(mid[2 * i], mid[2 * i + 1], &u, &v);
  p[2 * i] += g_dt * u;
  p[2 * i + 1] += g_dt * v;
}

__global__ void misfit_kernel(const double* __restrict__ p, const double* __restrict__ tgt,
                              int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double dx = p[2 * i] - tgt[2 * i];
  const double dy = p[2 * i + 1] - tgt[2 * i + 1];
  atomicAdd(&g_misfit, dx * dx + dy * dy);
}

double advect_particles(const double* xy0, double omega, const double* wind,
                        const double* targets, double* xy_out, int n, int steps, double t_end) {
  const int threads = 64;
  const int blocks = (n + threads - 1) / threads;
  const double dt = t_end / steps;
  double* d_buf = nullptr;
  CHECK(cudaMalloc(&d_buf, 6 * n * sizeof(double)));
  double* d_pos = d_buf;
  double* d_mid = d_buf + 2 * n;
  double* d_tgt = d_buf + 4 * n;
  CHECK(cudaMemcpy(d_pos, xy0, 2 * n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_tgt, targets, 2 * n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(g_omega, &omega, sizeof(double)));
  CHECK(cudaMemcpyToSymbol(g_wind, wind, 2 * sizeof(double)));
  CHECK(cudaMemcpyToSymbol(g_dt, &dt, sizeof(double)));

  for (int s = 0; s < steps; ++s) {
    midpoint_stage<<<blocks, threads>>>(d_pos, d_mid, n);
    CHECK(cudaGetLastError());
    full_step<<<blocks, threads>>>(d_pos, d_mid, n);
    CHECK(cudaGetLastError());
  }

  const double zero = 0.0;
  CHECK(cudaMemcpyToSymbol(g_misfit, &zero, sizeof(double)));
  misfit_kernel<<<blocks, threads>>>(d_pos, d_tgt, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double misfit = 0.0;
  CHECK(cudaMemcpyFromSymbol(&misfit, g_misfit, sizeof(double)));
  CHECK(cudaMemcpy(xy_out, d_pos, 2 * n * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_buf));
  return misfit / n;
}
