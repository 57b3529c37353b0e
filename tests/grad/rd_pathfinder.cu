// cuad: --fn pathfinder_run --wrt wall,result
// cuad: --fn dynproc_kernel --wrt gpuWall,gpuSrc,gpuResults
// Written for cuad in the style of Rodinia's pathfinder: a min-plus dynamic program over the rows
// of a cost grid (the cheapest path from the top row to each cell of the bottom row, stepping
// to one of three neighbours). Each launch advances `iteration` rows inside a 1-D shared tile
// of BLOCK_SIZE cells (blocks overlap by HALO cells per row, the pyramid of hotspot in 1-D),
// neighbour indices clamped to the valid part of the tile, MIN macros over `fmin` of the three
// predecessors, a `break` after the last row's barrier; the host function ping-pongs two
// device rows with std::swap. Costs are doubles so that no near-tie of the minima flips under
// the finite-difference steps.
#include <cuda_runtime.h>
#include <utility>
#define BLOCK_SIZE 64
#define HALO 1
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void dynproc_kernel(int iteration, const double* gpuWall, const double* gpuSrc,
                               double* gpuResults, int cols, int rows, int startStep,
                               int border) {
  __shared__ double prev[BLOCK_SIZE];
  __shared__ double result[BLOCK_SIZE];
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
  int blkX = small_block_cols * bx - border;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int xidx = blkX + tx;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;
  int W = tx - 1;
  int E = tx + 1;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool isValid = IN_RANGE(tx, validXmin, validXmax);
  if (IN_RANGE(xidx, 0, cols - 1)) {
    prev[tx] = gpuSrc[xidx];
  }
  __syncthreads();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
      computed = true;
      double left = prev[W];
      double up = prev[tx];
      double right = prev[E];
      double shortest = fmin(left, up);
      shortest = fmin(shortest, right);
      int index = cols * (startStep + i) + xidx;
      result[tx] = shortest + gpuWall[index];
    }
    __syncthreads();
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) {
    gpuResults[xidx] = result[tx];
  }
}

// wall: rows x cols costs; row 0 starts the paths. result: cols path costs after the last row.
void pathfinder_run(const double* wall, double* result, int rows, int cols, int pyramid_height) {
  int borderCols = pyramid_height * HALO;
  int smallBlockCol = BLOCK_SIZE - pyramid_height * HALO * 2;
  int blockCols = cols / smallBlockCol + ((cols % smallBlockCol == 0) ? 0 : 1);
  double *gpuWall, *gpuSrc, *gpuDst;
  cudaMalloc((void**)&gpuSrc, sizeof(double) * cols);
  cudaMalloc((void**)&gpuDst, sizeof(double) * cols);
  cudaMalloc((void**)&gpuWall, sizeof(double) * (rows * cols - cols));
  cudaMemcpy(gpuSrc, wall, sizeof(double) * cols, cudaMemcpyHostToDevice);
  cudaMemcpy(gpuWall, wall + cols, sizeof(double) * (rows * cols - cols), cudaMemcpyHostToDevice);
  dim3 dimBlock(BLOCK_SIZE);
  dim3 dimGrid(blockCols);
  for (int t = 0; t < rows - 1; t += pyramid_height) {
    dynproc_kernel<<<dimGrid, dimBlock>>>(MIN(pyramid_height, rows - t - 1), gpuWall, gpuSrc,
                                          gpuDst, cols, rows, t, borderCols);
    std::swap(gpuSrc, gpuDst);
  }
  cudaMemcpy(result, gpuSrc, sizeof(double) * cols, cudaMemcpyDeviceToHost);
  cudaFree(gpuWall);
  cudaFree(gpuSrc);
  cudaFree(gpuDst);
}
