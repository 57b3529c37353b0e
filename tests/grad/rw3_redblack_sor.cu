// cuad: --fn poisson_rb --wrt u,f,omega
// Red-black SOR for a 2-D Poisson problem with a nonlinear reaction term: one in-place kernel
// per color (each thread updates a point of its color from the four neighbors of the other
// color), a host loop of sweeps launching red then black, 2-D grid and block.
#include <cuda_runtime.h>

__global__ void sor_color(double* u, const double* f, const double* omega, double h2, int nx,
                          int ny, int color) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
  if ((i + j) % 2 != color) return;
  const int c = j * nx + i;
  const double nb = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx];
  const double gs = (nb + h2 * (f[c] - 0.1 * u[c] * u[c] * u[c])) / 4.0;
  u[c] += omega[0] * (gs - u[c]);
}

void poisson_rb(double* u, const double* f, const double* omega, double h2, int nx, int ny,
                int sweeps) {
  const size_t bytes = (size_t)nx * ny * sizeof(double);
  double *d_u, *d_f, *d_w;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_f, bytes);
  cudaMalloc(&d_w, sizeof(double));
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, f, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, omega, sizeof(double), cudaMemcpyHostToDevice);
  const dim3 block(8, 8);
  const dim3 grid((nx + 7) / 8, (ny + 7) / 8);
  for (int s = 0; s < sweeps; ++s) {
    sor_color<<<grid, block>>>(d_u, d_f, d_w, h2, nx, ny, 0);
    sor_color<<<grid, block>>>(d_u, d_f, d_w, h2, nx, ny, 1);
  }
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_f);
  cudaFree(d_w);
}
