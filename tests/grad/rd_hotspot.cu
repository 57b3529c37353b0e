// cuad: --fn calculate_temp --wrt power,temp_src,temp_dst,Cap,Rx,Ry,Rz,step
// cuad: --fn hotspot_run --wrt power,temp,Cap,Rx,Ry,Rz,step
// cuad: fwd --fn calculate_temp --wrt power,temp_src,temp_dst,Cap,Rz
// Written for cuad in the style of Rodinia's hotspot: a thermal simulation on a 2-D grid where
// each launch advances `iteration` time steps inside a BLOCK_SIZE x BLOCK_SIZE shared tile
// (the "pyramid": the tile shrinks by one ring per step, so blocks overlap by a border of
// `iteration` cells), `IN_RANGE`/`MIN` macros, neighbour indices clamped to the valid part of
// the tile, a `break` out of the step loop after its last barrier, and a host function that
// ping-pongs two device buffers through pointer variables swapped after each launch, launching
// the kernel with MIN(pyramid_height, remaining) steps until `total_iterations` are done.
// (Rodinia keeps the two buffers in `float* MatrixTemp[2]` indexed by run-time ints: cuad
// diagnoses buffers in arrays of pointers, so this case swaps pointer variables.)
#include <cuda_runtime.h>
#define BLOCK_SIZE 16
#define EXPAND_RATE 2
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void calculate_temp(int iteration, float* power, float* temp_src, float* temp_dst,
                               int grid_cols, int grid_rows, int border_cols, int border_rows,
                               float Cap, float Rx, float Ry, float Rz, float step) {
  __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];
  float amb_temp = 80.0f;
  float step_div_Cap;
  float Rx_1, Ry_1, Rz_1;
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  step_div_Cap = step / Cap;
  Rx_1 = 1 / Rx;
  Ry_1 = 1 / Ry;
  Rz_1 = 1 / Rz;
  // the part of the tile this block computes shrinks by `iteration` cells on each side
  int small_block_rows = BLOCK_SIZE - iteration * 2;
  int small_block_cols = BLOCK_SIZE - iteration * 2;
  int blkY = small_block_rows * by - border_rows;
  int blkX = small_block_cols * bx - border_cols;
  int blkYmax = blkY + BLOCK_SIZE - 1;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int yidx = blkY + ty;
  int xidx = blkX + tx;
  int loadYidx = yidx, loadXidx = xidx;
  int index = grid_cols * loadYidx + loadXidx;
  if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];
    power_on_cuda[ty][tx] = power[index];
  }
  __syncthreads();
  int validYmin = (blkY < 0) ? -blkY : 0;
  int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1)
                                            : BLOCK_SIZE - 1;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1)
                                            : BLOCK_SIZE - 1;
  int N = ty - 1;
  int S = ty + 1;
  int W = tx - 1;
  int E = tx + 1;
  N = (N < validYmin) ? validYmin : N;
  S = (S > validYmax) ? validYmax : S;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
        IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
      computed = true;
      temp_t[ty][tx] =
          temp_on_cuda[ty][tx] +
          step_div_Cap *
              (power_on_cuda[ty][tx] +
               (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
               (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 +
               (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
    }
    __syncthreads();
    if (i == iteration - 1) break;
    if (computed) temp_on_cuda[ty][tx] = temp_t[ty][tx];
    __syncthreads();
  }
  // only the cells updated in the last step are valid results of this block
  if (computed) {
    temp_dst[index] = temp_t[ty][tx];
  }
}

void hotspot_run(const float* power, float* temp, int grid_rows, int grid_cols,
                 int total_iterations, int pyramid_height, float Cap, float Rx, float Ry, float Rz,
                 float step) {
  int size = grid_rows * grid_cols;
  int borderCols = pyramid_height * EXPAND_RATE / 2;
  int borderRows = pyramid_height * EXPAND_RATE / 2;
  int smallBlockCol = BLOCK_SIZE - pyramid_height * EXPAND_RATE;
  int smallBlockRow = BLOCK_SIZE - pyramid_height * EXPAND_RATE;
  int blockCols = grid_cols / smallBlockCol + ((grid_cols % smallBlockCol == 0) ? 0 : 1);
  int blockRows = grid_rows / smallBlockRow + ((grid_rows % smallBlockRow == 0) ? 0 : 1);
  float *d_power, *d_temp0, *d_temp1;
  cudaMalloc((void**)&d_power, sizeof(float) * size);
  cudaMalloc((void**)&d_temp0, sizeof(float) * size);
  cudaMalloc((void**)&d_temp1, sizeof(float) * size);
  cudaMemcpy(d_power, power, sizeof(float) * size, cudaMemcpyHostToDevice);
  cudaMemcpy(d_temp0, temp, sizeof(float) * size, cudaMemcpyHostToDevice);
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(blockCols, blockRows);
  float* src = d_temp0;
  float* dst = d_temp1;
  for (int t = 0; t < total_iterations; t += pyramid_height) {
    calculate_temp<<<dimGrid, dimBlock>>>(MIN(pyramid_height, total_iterations - t), d_power,
                                          src, dst, grid_cols, grid_rows, borderCols, borderRows,
                                          Cap, Rx, Ry, Rz, step);
    float* tmp = src;
    src = dst;
    dst = tmp;
  }
  cudaMemcpy(temp, src, sizeof(float) * size, cudaMemcpyDeviceToHost);
  cudaFree(d_power);
  cudaFree(d_temp0);
  cudaFree(d_temp1);
}
