// 2-D five-point Jacobi sweep over an nx-by-ny grid with fixed boundaries, launched on a
// 2-D grid of 2-D blocks; the host loop ping-pongs two buffers.
#include <cuda_runtime.h>
#include <utility>

#define IDX2(x, y, nx) ((y) * (nx) + (x))

__global__ void jacobi5(const float *u, float *u_new, const float *f, float h2, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= nx - 1 || y >= ny - 1)
    return;
  float north = u[IDX2(x, y + 1, nx)];
  float south = u[IDX2(x, y - 1, nx)];
  float east = u[IDX2(x + 1, y, nx)];
  float west = u[IDX2(x - 1, y, nx)];
  u_new[IDX2(x, y, nx)] = 0.25f * (north + south + east + west - h2 * f[IDX2(x, y, nx)]);
}

void jacobi_solve(float *d_u, float *d_tmp, const float *d_f, int nx, int ny, int iters) {
  dim3 block(16, 16);
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  float h = 1.0f / (nx - 1);
  for (int it = 0; it < iters; ++it) {
    jacobi5<<<grid, block>>>(d_u, d_tmp, d_f, h * h, nx, ny);
    std::swap(d_u, d_tmp);
  }
  cudaDeviceSynchronize();
}
