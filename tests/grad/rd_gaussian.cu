// cuad: --fn gaussian_solve --wrt a,b,x
// cuad: --fn Fan2 --wrt m_cuda,a_cuda,b_cuda
// Written for cuad in the style of Rodinia's gaussian: Gaussian elimination without pivoting
// driven by a host loop over the pivot column t. Fan1 (1-D blocks) computes the multipliers of
// column t, Fan2 (2-D blocks) updates the trailing rows of the matrix and the right-hand side;
// both address the row-major matrix with `*(a_cuda + Size * row + col)` pointer arithmetic and
// leave early with `return`s on guards. The host function zeroes the multiplier matrix with
// cudaMemset, synchronizes between the launches, copies the triangular system back into
// malloc'd staging buffers and back-substitutes on the host.
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#define MAXBLOCKSIZE 8
#define BLOCK_SIZE_XY 4

__global__ void Fan1(float* m_cuda, float* a_cuda, int Size, int t) {
  if (threadIdx.x + blockIdx.x * blockDim.x >= Size - 1 - t) return;
  *(m_cuda + Size * (blockDim.x * blockIdx.x + threadIdx.x + t + 1) + t) =
      *(a_cuda + Size * (blockDim.x * blockIdx.x + threadIdx.x + t + 1) + t) /
      *(a_cuda + Size * t + t);
}

__global__ void Fan2(float* m_cuda, float* a_cuda, float* b_cuda, int Size, int j1, int t) {
  if (threadIdx.x + blockIdx.x * blockDim.x >= Size - 1 - t) return;
  if (threadIdx.y + blockIdx.y * blockDim.y >= Size - t) return;
  int xidx = blockIdx.x * blockDim.x + threadIdx.x;
  int yidx = blockIdx.y * blockDim.y + threadIdx.y;
  a_cuda[Size * (xidx + 1 + t) + (yidx + t)] -=
      m_cuda[Size * (xidx + 1 + t) + t] * a_cuda[Size * t + (yidx + t)];
  if (yidx == 0) {
    b_cuda[xidx + 1 + t] -= m_cuda[Size * (xidx + 1 + t) + (yidx + t)] * b_cuda[t];
  }
}

void gaussian_solve(const float* a, const float* b, float* x, int Size) {
  float *m_cuda, *a_cuda, *b_cuda;
  cudaMalloc((void**)&m_cuda, Size * Size * sizeof(float));
  cudaMalloc((void**)&a_cuda, Size * Size * sizeof(float));
  cudaMalloc((void**)&b_cuda, Size * sizeof(float));
  cudaMemcpy(a_cuda, a, Size * Size * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b_cuda, b, Size * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(m_cuda, 0, Size * Size * sizeof(float));
  int block_size = MAXBLOCKSIZE;
  int grid_size = (Size / block_size) + (!(Size % block_size) ? 0 : 1);
  dim3 dimBlock(block_size);
  dim3 dimGrid(grid_size);
  int blockSize2d = BLOCK_SIZE_XY;
  int gridSize2d = (Size / blockSize2d) + (!(Size % blockSize2d ? 0 : 1));
  dim3 dimBlockXY(blockSize2d, blockSize2d);
  dim3 dimGridXY(gridSize2d, gridSize2d);
  for (int t = 0; t < (Size - 1); t++) {
    Fan1<<<dimGrid, dimBlock>>>(m_cuda, a_cuda, Size, t);
    cudaDeviceSynchronize();
    Fan2<<<dimGridXY, dimBlockXY>>>(m_cuda, a_cuda, b_cuda, Size, Size - t, t);
    cudaDeviceSynchronize();
  }
  float* a_tri = (float*)malloc(Size * Size * sizeof(float));
  float* b_tri = (float*)malloc(Size * sizeof(float));
  cudaMemcpy(a_tri, a_cuda, Size * Size * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(b_tri, b_cuda, Size * sizeof(float), cudaMemcpyDeviceToHost);
  // back substitution
  for (int i = 0; i < Size; i++) {
    x[Size - i - 1] = b_tri[Size - i - 1];
    for (int j = 0; j < i; j++) {
      x[Size - i - 1] -= *(a_tri + Size * (Size - i - 1) + (Size - j - 1)) * x[Size - j - 1];
    }
    x[Size - i - 1] = x[Size - i - 1] / *(a_tri + Size * (Size - i - 1) + (Size - i - 1));
  }
  free(a_tri);
  free(b_tri);
  cudaFree(m_cuda);
  cudaFree(a_cuda);
  cudaFree(b_cuda);
}
