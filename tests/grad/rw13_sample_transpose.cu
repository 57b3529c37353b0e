// cuad: --fn transposeScale --wrt odata,idata,alpha
// The CUDA samples' / "An Efficient Matrix Transpose" coalesced transpose: 32 x 8 thread
// blocks, each moves a TILE_DIM x TILE_DIM tile through a `__shared__ tile[TILE_DIM][TILE_DIM+1]`
// padded against bank conflicts, each thread handling TILE_DIM / BLOCK_ROWS rows in a
// `for (j = 0; j < TILE_DIM; j += BLOCK_ROWS)` loop, bounds checks for a matrix that is not a
// multiple of the tile. The stored value is scaled by alpha and squashed with tanh (a nonlinear
// element map, so the gradient depends on the input values).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeScale(double* __restrict__ odata, const double* __restrict__ idata,
                               double alpha, int width, int height) {
  __shared__ double tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && (y + j) < height) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && (y + j) < width)
      odata[(y + j) * height + x] = tanh(alpha * tile[threadIdx.x][threadIdx.y + j]);
}
