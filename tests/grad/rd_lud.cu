// cuad: --fn lud_cuda --wrt m
// cuad: --fn lud_internal --wrt m
// Written for cuad in the style of Rodinia's lud: blocked LU decomposition (no pivoting) of a
// dense matrix in place. Per block step the host launches lud_diagonal (one block factors the
// BLOCK_SIZE x BLOCK_SIZE diagonal tile in shared memory, row and column sweeps separated by
// barriers), lud_perimeter (2 * BLOCK_SIZE threads per block: the first half solves a tile of
// U to the right of the diagonal, the second half a tile of L below it, each from a shared
// copy of the diagonal tile) and lud_internal (a 2-D grid of 2-D blocks subtracting the
// product of the perimeter tiles, staged in shared memory, from the trailing tiles); a last
// lud_diagonal finishes the bottom-right tile.
#include <cuda_runtime.h>
#define BLOCK_SIZE 8

__global__ void lud_diagonal(float* m, int matrix_dim, int offset) {
  int i, j;
  __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
  int array_offset = offset * matrix_dim + offset;
  for (i = 0; i < BLOCK_SIZE; i++) {
    shadow[i][threadIdx.x] = m[array_offset + threadIdx.x];
    array_offset += matrix_dim;
  }
  __syncthreads();
  for (i = 0; i < BLOCK_SIZE - 1; i++) {
    if (threadIdx.x > i) {
      for (j = 0; j < i; j++) shadow[threadIdx.x][i] -= shadow[threadIdx.x][j] * shadow[j][i];
      shadow[threadIdx.x][i] /= shadow[i][i];
    }
    __syncthreads();
    if (threadIdx.x > i) {
      for (j = 0; j < i + 1; j++)
        shadow[i + 1][threadIdx.x] -= shadow[i + 1][j] * shadow[j][threadIdx.x];
    }
    __syncthreads();
  }
  // row 0 of the tile is unchanged
  array_offset = (offset + 1) * matrix_dim + offset;
  for (i = 1; i < BLOCK_SIZE; i++) {
    m[array_offset + threadIdx.x] = shadow[i][threadIdx.x];
    array_offset += matrix_dim;
  }
}

__global__ void lud_perimeter(float* m, int matrix_dim, int offset) {
  __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
  int i, j, array_offset;
  int idx;
  if (threadIdx.x < BLOCK_SIZE) {
    idx = threadIdx.x;
    array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE / 2; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
    array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      peri_row[i][idx] = m[array_offset + (blockIdx.x + 1) * BLOCK_SIZE + idx];
      array_offset += matrix_dim;
    }
  } else {
    idx = threadIdx.x - BLOCK_SIZE;
    array_offset = (offset + BLOCK_SIZE / 2) * matrix_dim + offset;
    for (i = BLOCK_SIZE / 2; i < BLOCK_SIZE; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
    array_offset = (offset + (blockIdx.x + 1) * BLOCK_SIZE) * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      peri_col[i][idx] = m[array_offset + idx];
      array_offset += matrix_dim;
    }
  }
  __syncthreads();
  if (threadIdx.x < BLOCK_SIZE) {  // row perimeter: forward substitution with unit L
    idx = threadIdx.x;
    for (i = 1; i < BLOCK_SIZE; i++) {
      for (j = 0; j < i; j++) peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
    }
  } else {  // column perimeter: solve against U
    idx = threadIdx.x - BLOCK_SIZE;
    for (i = 0; i < BLOCK_SIZE; i++) {
      for (j = 0; j < i; j++) peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
      peri_col[idx][i] /= dia[i][i];
    }
  }
  __syncthreads();
  if (threadIdx.x < BLOCK_SIZE) {
    idx = threadIdx.x;
    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++) {
      m[array_offset + (blockIdx.x + 1) * BLOCK_SIZE + idx] = peri_row[i][idx];
      array_offset += matrix_dim;
    }
  } else {
    idx = threadIdx.x - BLOCK_SIZE;
    array_offset = (offset + (blockIdx.x + 1) * BLOCK_SIZE) * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
      m[array_offset + idx] = peri_col[i][idx];
      array_offset += matrix_dim;
    }
  }
}

__global__ void lud_internal(float* m, int matrix_dim, int offset) {
  __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
  int i;
  float sum;
  int global_row_id = offset + (blockIdx.y + 1) * BLOCK_SIZE;
  int global_col_id = offset + (blockIdx.x + 1) * BLOCK_SIZE;
  peri_row[threadIdx.y][threadIdx.x] =
      m[(offset + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x];
  peri_col[threadIdx.y][threadIdx.x] =
      m[(global_row_id + threadIdx.y) * matrix_dim + offset + threadIdx.x];
  __syncthreads();
  sum = 0;
  for (i = 0; i < BLOCK_SIZE; i++) sum += peri_col[threadIdx.y][i] * peri_row[i][threadIdx.x];
  m[(global_row_id + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x] -= sum;
}

void lud_cuda(float* m, int matrix_dim) {
  int i = 0;
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  float* d_m;
  cudaMalloc((void**)&d_m, matrix_dim * matrix_dim * sizeof(float));
  cudaMemcpy(d_m, m, matrix_dim * matrix_dim * sizeof(float), cudaMemcpyHostToDevice);
  for (i = 0; i < matrix_dim - BLOCK_SIZE; i += BLOCK_SIZE) {
    lud_diagonal<<<1, BLOCK_SIZE>>>(d_m, matrix_dim, i);
    lud_perimeter<<<(matrix_dim - i) / BLOCK_SIZE - 1, BLOCK_SIZE * 2>>>(d_m, matrix_dim, i);
    dim3 dimGrid((matrix_dim - i) / BLOCK_SIZE - 1, (matrix_dim - i) / BLOCK_SIZE - 1);
    lud_internal<<<dimGrid, dimBlock>>>(d_m, matrix_dim, i);
  }
  lud_diagonal<<<1, BLOCK_SIZE>>>(d_m, matrix_dim, i);
  cudaMemcpy(m, d_m, matrix_dim * matrix_dim * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_m);
}
