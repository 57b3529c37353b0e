// cuad: --fn transpose_softplus<16> --wrt in,beta,out
// Tiled matrix transpose through a padded 2-D shared tile ([TILE][TILE + 1], no bank
// conflicts) with a 2-D grid, each thread copying TILE / 4 rows (blockDim.y = 4), fused with a
// per-column softplus whose sharpness beta is read per output row.
#include <cuda_runtime.h>

template <int TILE>
__global__ void transpose_softplus(const float* __restrict__ in, const float* __restrict__ beta,
                                   float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 4)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 4) {
    if (x < rows && y + j < cols) {
      const float b = beta[y + j];
      out[(y + j) * rows + x] = log1pf(expf(b * tile[threadIdx.x][threadIdx.y + j])) / b;
    }
  }
}
