// cuad: --fn row_norms<float,64> --wrt x,norms
// cuad: fwd --fn row_norms<float,64>
// CUB inside a `__device__` helper template (a block sum its caller's pullback reaches), in
// a kernel template instance, over a 2-D block of 16 x 4 threads (BlockReduce's BLOCK_DIM_Y:
// CUB's row-major thread index), one row of the matrix per block.
#include <cub/cub.cuh>

template <typename T, int BX, int BY>
__device__ T block_sum(T v) {
  typedef cub::BlockReduce<T, BX, cub::BLOCK_REDUCE_WARP_REDUCTIONS, BY> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  return BlockReduce(temp).Sum(v);
}

template <typename T, int THREADS>
__global__ void row_norms(const T* x, T* norms, int cols) {
  const int t = threadIdx.x + 16 * threadIdx.y;
  T ss = 0;
  for (int c = t; c < cols; c += THREADS) ss += x[blockIdx.x * cols + c] * x[blockIdx.x * cols + c];
  T total = block_sum<T, 16, THREADS / 16>(ss);
  if (t == 0) norms[blockIdx.x] = sqrt(total + T(1e-2));
}
