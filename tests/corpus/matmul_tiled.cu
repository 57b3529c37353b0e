// Tiled matrix multiply C = alpha * A * B + C with square shared-memory tiles, plus the
// naive kernel it replaces. Dimensions need not be multiples of the tile.
#include <cuda_runtime.h>

#ifndef TILE
#define TILE 16
#endif

__global__ void matmul_naive(const float *A, const float *B, float *C, int M, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

__global__ void matmul_tiled(const float *A, const float *B, float *C, float alpha, int M, int N,
                             int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int a_col = t * TILE + tx;
    int b_row = t * TILE + ty;
    As[ty][tx] = (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
    Bs[ty][tx] = (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] += alpha * acc;
}

void matmul(const float *dA, const float *dB, float *dC, int M, int N, int K) {
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  cudaMemset(dC, 0, sizeof(float) * M * N);
  matmul_tiled<<<grid, block>>>(dA, dB, dC, 1.0f, M, N, K);
}
