// cuad: --fn heat_implicit --wrt T0,kappa,probes
// Backward-Euler 2-D heat conduction solved by a fixed number of Jacobi sweeps per time step,
// as a small solver written for a lab: the conductivity is a `__device__ double g_kappa` set
// by cudaMemcpyToSymbol, each step copies the current field into the right-hand side and the
// initial guess with device-to-device cudaMemcpy, the sweeps ping-pong two buffers with
// std::swap, a residual norm is reduced into partial sums and copied back only to print it,
// and the temperatures at four probe points are gathered by a kernel into a `__device__`
// array and read back with cudaMemcpyFromSymbol into the caller's `probes`. Bad sizes and a
// failed launch check leave through early returns.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#define NPROBE 4
#define BS 8

__device__ double g_kappa;
__device__ double g_probe[NPROBE];

// One Jacobi sweep of (1 + 4 k) u_ij - k (sum of neighbours) = b_ij, zero outside the plate,
// with k = kappa * dt / h^2.
__global__ void jacobi_sweep(const double* __restrict__ u, const double* __restrict__ b,
                             double* __restrict__ u_new, double dt_h2, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const int id = j * nx + i;
  const double k = g_kappa * dt_h2;
  double nb = 0.0;
  if (i > 0) nb += u[id - 1];
  if (i < nx - 1) nb += u[id + 1];
  if (j > 0) nb += u[id - nx];
  if (j < ny - 1) nb += u[id + nx];
  u_new[id] = (b[id] + k * nb) / (1.0 + 4.0 * k);
}

__global__ void residual_partial(const double* __restrict__ u, const double* __restrict__ b,
                                 double* __restrict__ partial, double dt_h2, int nx, int ny) {
  __shared__ double s[BS * BS];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int t = threadIdx.y * BS + threadIdx.x;
  double r2 = 0.0;
  if (i < nx && j < ny) {
    const int id = j * nx + i;
    const double k = g_kappa * dt_h2;
    double nb = 0.0;
    if (i > 0) nb += u[id - 1];
    if (i < nx - 1) nb += u[id + 1];
    if (j > 0) nb += u[id - nx];
    if (j < ny - 1) nb += u[id + nx];
    const double r = (1.0 + 4.0 * k) * u[id] - k * nb - b[id];
    r2 = r * r;
  }
  s[t] = r2;
  __syncthreads();
  for (int st = BS * BS / 2; st > 0; st >>= 1) {
    if (t < st) s[t] += s[t + st];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.y * gridDim.x + blockIdx.x] = s[0];
}

__global__ void gather_probes(const double* __restrict__ u, const int* __restrict__ where) {
  const int p = threadIdx.x;
  if (p < NPROBE) g_probe[p] = u[where[p]];
}

void heat_implicit(const double* T0, double kappa, double* probes, const int* probe_idx, int nx,
                   int ny, int steps, int sweeps, double dt) {
  if (nx < 3 || ny < 3 || steps <= 0) return;
  const int n = nx * ny;
  const double h = 1.0 / (nx + 1);
  const double dt_h2 = dt / (h * h);
  dim3 block(BS, BS);
  dim3 grid((nx + BS - 1) / BS, (ny + BS - 1) / BS);
  const int nblk = grid.x * grid.y;

  cudaMemcpyToSymbol(g_kappa, &kappa, sizeof(double));
  double *d_u, *d_b, *d_x, *d_y, *d_part;
  int* d_idx;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_part, nblk * sizeof(double));
  cudaMalloc(&d_idx, NPROBE * sizeof(int));
  cudaMemcpy(d_u, T0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_idx, probe_idx, NPROBE * sizeof(int), cudaMemcpyHostToDevice);

  std::vector<double> part(nblk);
  for (int s = 0; s < steps; ++s) {
    cudaMemcpy(d_b, d_u, n * sizeof(double), cudaMemcpyDeviceToDevice);
    cudaMemcpy(d_x, d_u, n * sizeof(double), cudaMemcpyDeviceToDevice);
    for (int it = 0; it < sweeps; ++it) {
      jacobi_sweep<<<grid, block>>>(d_x, d_b, d_y, dt_h2, nx, ny);
      std::swap(d_x, d_y);
    }
    if (cudaGetLastError() != cudaSuccess) {
      fprintf(stderr, "heat_implicit: launch failed at step %d\n", s);
      return;
    }
    residual_partial<<<grid, block>>>(d_x, d_b, d_part, dt_h2, nx, ny);
    cudaMemcpy(part.data(), d_part, nblk * sizeof(double), cudaMemcpyDeviceToHost);
    double res = 0.0;
    for (int q = 0; q < nblk; ++q) res += part[q];
    printf("step %d: Jacobi residual %.3e\n", s, sqrt(res));
    cudaMemcpy(d_u, d_x, n * sizeof(double), cudaMemcpyDeviceToDevice);
  }

  gather_probes<<<1, 32>>>(d_u, d_idx);
  cudaDeviceSynchronize();
  cudaMemcpyFromSymbol(probes, g_probe, NPROBE * sizeof(double));
  cudaFree(d_u);
  cudaFree(d_b);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_part);
  cudaFree(d_idx);
}
