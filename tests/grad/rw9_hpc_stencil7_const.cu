// cuad: --fn stencil7 --wrt out,u,kappa
// 3-D 7-point variable-coefficient diffusion step: weights in a statically initialised
// __constant__ array, a 3-D launch (dim3 blocks), an IDX macro, boundary points copied, the
// interior update out = u + dt * kappa * sum_k c[k] * u[nbr_k] and a halo of width 1.
#define IDX(i, j, k) (((k) * ny + (j)) * nx + (i))
__constant__ float c7[7] = {-6.0f, 1.0f, 1.0f, 1.0f, 1.0f, 0.9f, 1.1f};

__global__ void stencil7(float* __restrict__ out, const float* __restrict__ u,
                         const float* __restrict__ kappa, float dt, int nx, int ny, int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= nx || j >= ny || k >= nz) return;
  const int c = IDX(i, j, k);
  if (i == 0 || j == 0 || k == 0 || i == nx - 1 || j == ny - 1 || k == nz - 1) {
    out[c] = u[c];
    return;
  }
  float lap = c7[0] * u[c];
  lap += c7[1] * u[IDX(i - 1, j, k)] + c7[2] * u[IDX(i + 1, j, k)];
  lap += c7[3] * u[IDX(i, j - 1, k)] + c7[4] * u[IDX(i, j + 1, k)];
  lap += c7[5] * u[c - nx * ny] + c7[6] * u[c + nx * ny];
  out[c] = u[c] + dt * kappa[c] * lap;
}
