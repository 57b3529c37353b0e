// cuad: --fn diffuse3d --wrt u,coef,out
// A variable-coefficient 7-point stencil on a 3-D grid launched with a 3-D grid of 3-D blocks
// (blockIdx.z), clamped (Neumann) neighbors through min/max on the indices.
#include <cuda_runtime.h>

__device__ __forceinline__ int at(int i, int j, int k, int nx, int ny) { return (k * ny + j) * nx + i; }

__global__ void diffuse3d(const double* __restrict__ u, const double* __restrict__ coef,
                          double* __restrict__ out, double dt, int nx, int ny, int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= nx || j >= ny || k >= nz) return;
  const int c = at(i, j, k, nx, ny);
  const double uc = u[c];
  double lap = -6.0 * uc;
  lap += u[at(max(i - 1, 0), j, k, nx, ny)] + u[at(min(i + 1, nx - 1), j, k, nx, ny)];
  lap += u[at(i, max(j - 1, 0), k, nx, ny)] + u[at(i, min(j + 1, ny - 1), k, nx, ny)];
  lap += u[at(i, j, max(k - 1, 0), nx, ny)] + u[at(i, j, min(k + 1, nz - 1), nx, ny)];
  out[c] = uc + dt * coef[c] * lap * (1.0 + 0.1 * uc * uc);
}
