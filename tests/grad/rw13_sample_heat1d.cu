// cuad: --fn heat1d --wrt u,kappa
// cuad: fwd --fn heat1d
// A university-course 1-D heat equation: explicit FTCS steps with Dirichlet ends, two device
// buffers swapped by pointer in the host time loop (`float* tmp = d_old; d_old = d_new;
// d_new = tmp;`), a per-cell diffusivity array averaged onto the faces, a grid from
// `(n + BLOCK - 1) / BLOCK`, a cubic (Allen-Cahn style) source term; every runtime call wrapped in CUDA_CHECK, cudaGetLastError after each launch and a
// final cudaDeviceSynchronize. Returns the final total heat (host sum), and u is updated in
// place. Double precision. Reverse and forward mode.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                            \
  do {                                                                           \
    cudaError_t e = (x);                                                         \
    if (e != cudaSuccess) {                                                      \
      fprintf(stderr, "CUDA error: %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      exit(EXIT_FAILURE);                                                        \
    }                                                                            \
  } while (0)

#define BLOCK 32

__global__ void heat_step(double* __restrict__ u_new, const double* __restrict__ u_old,
                          const double* __restrict__ kappa, double dt_dx2, double src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1) {
    u_new[i] = u_old[i];  // fixed boundary values
    return;
  }
  double l = u_old[i - 1], c = u_old[i], r = u_old[i + 1];
  double k = 0.5 * (kappa[i - 1] + kappa[i]);
  double kr = 0.5 * (kappa[i] + kappa[i + 1]);
  u_new[i] = c + dt_dx2 * (kr * (r - c) - k * (c - l)) + src * (c - c * c * c);
}

double heat1d(double* u, const double* kappa, double dt_dx2, double src, int n, int steps) {
  double *d_old, *d_new, *d_kappa;
  const size_t bytes = n * sizeof(double);
  CUDA_CHECK(cudaMalloc((void**)&d_old, bytes));
  CUDA_CHECK(cudaMalloc((void**)&d_new, bytes));
  CUDA_CHECK(cudaMalloc((void**)&d_kappa, bytes));
  CUDA_CHECK(cudaMemcpy(d_old, u, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_kappa, kappa, bytes, cudaMemcpyHostToDevice));
  const int grid = (n + BLOCK - 1) / BLOCK;
  for (int t = 0; t < steps; ++t) {
    heat_step<<<grid, BLOCK>>>(d_new, d_old, d_kappa, dt_dx2, src, n);
    CUDA_CHECK(cudaGetLastError());
    double* tmp = d_old;
    d_old = d_new;
    d_new = tmp;
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(u, d_old, bytes, cudaMemcpyDeviceToHost));
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += u[i];
  CUDA_CHECK(cudaFree(d_old));
  CUDA_CHECK(cudaFree(d_new));
  CUDA_CHECK(cudaFree(d_kappa));
  return total;
}
