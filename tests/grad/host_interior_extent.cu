// cuad: --fn relax_interior --wrt u,f,omega
// An in-place pointwise update of the interior points of a caller's grid (`i < nx - 1`, `j < ny - 1`,
// thread indices offset by one), launched by a host helper: the helper's pullback saves the
// grid before the sweep, as far as the sweep writes it, `(ny - 1) * nx` elements (before:
// "kernel `sweep` overwrites `d_u`, which the reverse pass needs, and cuad does not know its
// size"). The caller's copy of the grid is a host array it copies in and back.
#include <cuda_runtime.h>

__global__ void sweep(double* u, const double* f, double omega, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= nx - 1 || j >= ny - 1) return;
  const int c = j * nx + i;
  u[c] += omega * (0.25 * (f[c - 1] + f[c + 1] + f[c - nx] + f[c + nx]) - u[c] * u[c] * u[c]);
}

static void iteration(double* d_u, const double* d_f, double omega, int nx, int ny) {
  dim3 block(4, 4), grid((nx - 2 + 3) / 4, (ny - 2 + 3) / 4);
  sweep<<<grid, block>>>(d_u, d_f, omega, nx, ny);
}

void relax_interior(double* u, const double* f, double omega, int nx, int ny, int iters) {
  double *d_u, *d_f;
  cudaMalloc(&d_u, nx * ny * sizeof(double));
  cudaMalloc(&d_f, nx * ny * sizeof(double));
  cudaMemcpy(d_u, u, nx * ny * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, f, nx * ny * sizeof(double), cudaMemcpyHostToDevice);
  for (int it = 0; it < iters; ++it) iteration(d_u, d_f, omega, nx, ny);
  cudaMemcpy(u, d_u, nx * ny * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_f);
}
