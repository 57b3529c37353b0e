// cuad: --fn poisson_rbgs --wrt u,f,omega,res
// cuad: fwd --fn poisson_rbgs
// A red-black SOR solver for -lap(u) = f on a 2-D grid with Dirichlet walls, as a CFD
// pressure solver writes it: the caller's host array u is copied in, swept in place on the
// device and copied back into the same array; each iteration is a host helper that launches
// the red then the black sweep (one thread per interior point: the thread index is offset
// by one, the parity test `((i + j) & 1) != color` returns early), and after the sweeps a
// residual kernel sums r^2 into a device scalar cleared with cudaMemset; the norm's square
// root is taken on the host and returned through res.
#include <cuda_runtime.h>
#include <cmath>

#define BX 8
#define BY 4
#define RED 0
#define BLACK 1

__global__ void rb_sor_sweep(double* __restrict__ u, const double* __restrict__ f,
                             const double h2, const double omega, const int nx, const int ny,
                             const int color) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= nx - 1 || j >= ny - 1) return;
  if (((i + j) & 1) != color) return;
  const int c = j * nx + i;
  const double gs = 0.25 * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + h2 * f[c]);
  u[c] += omega * (gs - u[c]);
}

__global__ void residual_norm2(const double* __restrict__ u, const double* __restrict__ f,
                               double* __restrict__ r2, const double inv_h2, const int nx,
                               const int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= nx - 1 || j >= ny - 1) return;
  const int c = j * nx + i;
  const double r = f[c] + (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0 * u[c]) * inv_h2;
  atomicAdd(r2, r * r);
}

static void rb_iteration(double* d_u, const double* d_f, double h2, double omega, int nx, int ny) {
  dim3 block(BX, BY);
  dim3 grid((nx - 2 + BX - 1) / BX, (ny - 2 + BY - 1) / BY);
  rb_sor_sweep<<<grid, block>>>(d_u, d_f, h2, omega, nx, ny, RED);
  rb_sor_sweep<<<grid, block>>>(d_u, d_f, h2, omega, nx, ny, BLACK);
}

void poisson_rbgs(double* u, const double* f, double omega, double h, int nx, int ny, int iters,
                  double* res) {
  const size_t bytes = (size_t)nx * ny * sizeof(double);
  double *d_u, *d_f, *d_r2;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_f, bytes);
  cudaMalloc(&d_r2, sizeof(double));
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, f, bytes, cudaMemcpyHostToDevice);
  const double h2 = h * h;
  for (int it = 0; it < iters; ++it) rb_iteration(d_u, d_f, h2, omega, nx, ny);
  cudaMemset(d_r2, 0, sizeof(double));
  dim3 block(BX, BY);
  dim3 grid((nx - 2 + BX - 1) / BX, (ny - 2 + BY - 1) / BY);
  residual_norm2<<<grid, block>>>(d_u, d_f, d_r2, 1.0 / h2, nx, ny);
  double r2 = 0.0;
  cudaMemcpy(&r2, d_r2, sizeof(double), cudaMemcpyDeviceToHost);
  *res = sqrt(r2);
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_f);
  cudaFree(d_r2);
}
