// cuad: --fn transposeSoftplus --wrt odata,idata,bias
// cuad: fwd --fn transposeSoftplus
// The coalesced shared-memory transpose of NVIDIA's "An Efficient Matrix Transpose in CUDA
// C/C++" (and the CUDA samples' transpose), in double, followed by a differentiable map: a
// TILE_DIM x TILE_DIM tile padded to TILE_DIM + 1 columns against bank conflicts, thread blocks
// of TILE_DIM x BLOCK_ROWS threads that each move TILE_DIM / BLOCK_ROWS rows in a
// `for (j = 0; j < TILE_DIM; j += BLOCK_ROWS)` loop, the block indices swapped for the write,
// bounds checks for a width x height matrix that is not a multiple of the tile (partial tiles
// on both edges). The transposed value goes through softplus with a per-output-row bias and a
// scale from the input's row index (read back from the tile's other index).
#define TILE_DIM 16
#define BLOCK_ROWS 4

__device__ __forceinline__ double softplus(double v) { return log1p(exp(v)); }

__global__ void transposeSoftplus(double* odata, const double* idata, const double* bias,
                                  int width, int height) {
  __shared__ double tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transposed block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < height && y + j < width) {
      double v = tile[threadIdx.x][threadIdx.y + j];
      double s = 1.0 + 0.1 * x;  // x is the input's row
      odata[(y + j) * height + x] = s * softplus(v + bias[y + j]);
    }
  }
}
