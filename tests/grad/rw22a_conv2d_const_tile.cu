// cuad: --fn conv2d_softplus --wrt img,mask,out
// cuad: fwd --fn conv2d_softplus
// 2-D convolution with the mask in constant memory and an input tile in shared memory, as
// "Programming Massively Parallel Processors" teaches it (the tiled 2-D convolution whose
// thread blocks match the input tile): `__constant__ float Mc[MASK_WIDTH][MASK_WIDTH]` filled by
// the host with cudaMemcpyToSymbol, blocks of BLOCK_WIDTH x BLOCK_WIDTH threads where BLOCK_WIDTH
// = O_TILE_WIDTH + MASK_WIDTH - 1, every thread loading one input pixel (ghost cells outside the
// image are zero) into `__shared__ float N_ds[BLOCK_WIDTH][BLOCK_WIDTH]`, then only the
// O_TILE_WIDTH x O_TILE_WIDTH inner threads computing an output pixel from the tile. The image
// size is not a multiple of the output tile. A second kernel maps the result through softplus
// in place before the host copies it back. Float; gradient w.r.t. the image and the mask, and
// the forward mode along both.
#include <cuda_runtime.h>

#define MASK_WIDTH 5
#define MASK_RADIUS (MASK_WIDTH / 2)
#define O_TILE_WIDTH 12
#define BLOCK_WIDTH (O_TILE_WIDTH + MASK_WIDTH - 1)

__constant__ float Mc[MASK_WIDTH][MASK_WIDTH];

__global__ void convolution_2D_tiled(const float* P_in, float* P_out, int height, int width) {
  __shared__ float N_ds[BLOCK_WIDTH][BLOCK_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row_o = blockIdx.y * O_TILE_WIDTH + ty;
  int col_o = blockIdx.x * O_TILE_WIDTH + tx;
  int row_i = row_o - MASK_RADIUS;
  int col_i = col_o - MASK_RADIUS;

  if (row_i >= 0 && row_i < height && col_i >= 0 && col_i < width)
    N_ds[ty][tx] = P_in[row_i * width + col_i];
  else
    N_ds[ty][tx] = 0.0f;
  __syncthreads();

  if (ty < O_TILE_WIDTH && tx < O_TILE_WIDTH) {
    float output = 0.0f;
    for (int i = 0; i < MASK_WIDTH; i++)
      for (int j = 0; j < MASK_WIDTH; j++) output += Mc[i][j] * N_ds[i + ty][j + tx];
    if (row_o < height && col_o < width) P_out[row_o * width + col_o] = output;
  }
}

__global__ void softplus_inplace(float* p, int count) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < count) p[k] = log1pf(expf(p[k]));
}

void conv2d_softplus(const float* img, const float* mask, float* out, int height, int width) {
  const size_t bytes = (size_t)height * width * sizeof(float);
  float *d_in, *d_out;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemcpy(d_in, img, bytes, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(Mc, mask, MASK_WIDTH * MASK_WIDTH * sizeof(float));
  dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);
  dim3 dimGrid((width - 1) / O_TILE_WIDTH + 1, (height - 1) / O_TILE_WIDTH + 1);
  convolution_2D_tiled<<<dimGrid, dimBlock>>>(d_in, d_out, height, width);
  softplus_inplace<<<(height * width + 127) / 128, 128>>>(d_out, height * width);
  cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
}
