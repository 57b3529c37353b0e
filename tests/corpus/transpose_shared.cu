// Matrix transpose through a padded shared-memory tile (TILE_DIM+1 columns avoid bank
// conflicts); each thread moves TILE_DIM/BLOCK_ROWS elements.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_coalesced(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

void transpose(float *d_out, const float *d_in, int width, int height) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_coalesced<<<grid, block>>>(d_out, d_in, width, height);
}
