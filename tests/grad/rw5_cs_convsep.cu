// cuad: --fn convolutionRowsKernel --wrt d_Dst,d_Src
// cuad: --fn convolutionColumnsKernel --wrt d_Dst,d_Src
// Written for cuad in the style of NVIDIA/cuda-samples' separable convolution: a 1-D filter
// applied along the rows of an image, and along its columns. Each block stages a strip of the
// image with a halo on both sides in a 2-D `__shared__` tile whose bounds are macro
// expressions, then every thread filters several outputs. Exercises `__constant__` filter
// taps, pointer parameters advanced in place (`d_Src += ...`), halo loads at negative offsets
// under ternaries that substitute 0 outside the image, `#pragma unroll` on every loop, a
// loop over negative tap offsets, a padded column tile, and cg::sync. The filter radius is 2
// to keep the finite differences few.
#include <assert.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
#define KERNEL_RADIUS 2
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

// filter taps, uploaded by the host with cudaMemcpyToSymbol
__constant__ float c_Kernel[KERNEL_LENGTH];

// rows: a block is ROWS_BLOCKDIM_Y rows of ROWS_BLOCKDIM_X threads; each thread produces
// ROWS_RESULT_STEPS outputs ROWS_BLOCKDIM_X apart, and loads ROWS_HALO_STEPS more per side
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1

__global__ void convolutionRowsKernel(float *d_Dst, float *d_Src, int imageW,
                                      int imageH, int pitch) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float strip[ROWS_BLOCKDIM_Y]
                        [(2 * ROWS_HALO_STEPS + ROWS_RESULT_STEPS) * ROWS_BLOCKDIM_X];

  // column of this thread's first load, left halo included (negative in the first block)
  const int x0 = threadIdx.x + ROWS_BLOCKDIM_X * (ROWS_RESULT_STEPS * blockIdx.x - ROWS_HALO_STEPS);
  const int y = threadIdx.y + ROWS_BLOCKDIM_Y * blockIdx.y;
  d_Dst += y * pitch + x0;
  d_Src += y * pitch + x0;

#pragma unroll
  for (int s = 0; s < ROWS_HALO_STEPS; s++) {
    strip[threadIdx.y][s * ROWS_BLOCKDIM_X + threadIdx.x] = (x0 + s * ROWS_BLOCKDIM_X >= 0) ? d_Src[s * ROWS_BLOCKDIM_X] : 0;
  }
#pragma unroll
  for (int s = ROWS_HALO_STEPS; s < ROWS_RESULT_STEPS + ROWS_HALO_STEPS; s++) {
    strip[threadIdx.y][s * ROWS_BLOCKDIM_X + threadIdx.x] = d_Src[s * ROWS_BLOCKDIM_X];
  }
#pragma unroll
  for (int s = ROWS_RESULT_STEPS + ROWS_HALO_STEPS;
       s < ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS; s++) {
    strip[threadIdx.y][s * ROWS_BLOCKDIM_X + threadIdx.x] = (x0 + s * ROWS_BLOCKDIM_X < imageW) ? d_Src[s * ROWS_BLOCKDIM_X] : 0;
  }

  // neighbours' loads must land before anyone filters
  cg::sync(block);

#pragma unroll
  for (int s = ROWS_HALO_STEPS; s < ROWS_RESULT_STEPS + ROWS_HALO_STEPS; s++) {
    float acc = 0;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++) {
      acc += strip[threadIdx.y][s * ROWS_BLOCKDIM_X + threadIdx.x + k] * c_Kernel[KERNEL_RADIUS - k];
    }
    d_Dst[s * ROWS_BLOCKDIM_X] = acc;
  }
}

// columns: the same scheme transposed; the tile is stored one column per threadIdx.x, with
// one float of padding per column
#define COLUMNS_BLOCKDIM_X 16
#define COLUMNS_BLOCKDIM_Y 8
#define COLUMNS_RESULT_STEPS 8
#define COLUMNS_HALO_STEPS 1

__global__ void convolutionColumnsKernel(float *d_Dst, float *d_Src, int imageW,
                                         int imageH, int pitch) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float strip[COLUMNS_BLOCKDIM_X]
                        [(2 * COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS) * COLUMNS_BLOCKDIM_Y + 1];

  // row of this thread's first load, upper halo included (negative in the first block)
  const int x = threadIdx.x + COLUMNS_BLOCKDIM_X * blockIdx.x;
  const int y0 = threadIdx.y + COLUMNS_BLOCKDIM_Y * (COLUMNS_RESULT_STEPS * blockIdx.y - COLUMNS_HALO_STEPS);
  d_Dst += y0 * pitch + x;
  d_Src += y0 * pitch + x;

  const int rowStep = COLUMNS_BLOCKDIM_Y * pitch;

#pragma unroll
  for (int s = 0; s < COLUMNS_HALO_STEPS; s++) {
    strip[threadIdx.x][s * COLUMNS_BLOCKDIM_Y + threadIdx.y] =
        (y0 + s * COLUMNS_BLOCKDIM_Y >= 0) ? d_Src[s * rowStep] : 0;
  }
#pragma unroll
  for (int s = COLUMNS_HALO_STEPS; s < COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; s++) {
    strip[threadIdx.x][s * COLUMNS_BLOCKDIM_Y + threadIdx.y] = d_Src[s * rowStep];
  }
#pragma unroll
  for (int s = COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS;
       s < COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS; s++) {
    strip[threadIdx.x][s * COLUMNS_BLOCKDIM_Y + threadIdx.y] =
        (y0 + s * COLUMNS_BLOCKDIM_Y < imageH) ? d_Src[s * rowStep] : 0;
  }

  cg::sync(block);

#pragma unroll
  for (int s = COLUMNS_HALO_STEPS; s < COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; s++) {
    float acc = 0;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++) {
      acc += strip[threadIdx.x][s * COLUMNS_BLOCKDIM_Y + threadIdx.y + k] * c_Kernel[KERNEL_RADIUS - k];
    }
    d_Dst[s * rowStep] = acc;
  }
}
