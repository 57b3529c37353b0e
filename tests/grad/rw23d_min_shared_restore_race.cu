// cuad: --fn row_broadcast_sq --wrt x,y
// Minimal: a block walks several rows (grid-stride); thread 0 fills a __shared__ scalar for
// the row (s = 0; s += ...), a barrier, then every thread reads v = s > 0 ? s : 1. The gradient
// recomputes v at the top of each reversed iteration, *before* the reversed barrier, while
// thread 0 restores the previous row's `s` from its tape at the bottom of the previous
// reversed iteration, after the last barrier: the other threads read `s` without a barrier in
// between (a race on a GPU; the CPU emulation shows wrong adjoints for every row but the last
// of each block).
#include <cuda_runtime.h>

__global__ void row_broadcast_sq(int n_rows, const float* __restrict__ x, float* __restrict__ y) {
  __shared__ float s;
  for (int r = blockIdx.x; r < n_rows; r += gridDim.x) {
    if (threadIdx.x == 0) {
      s = 0.0f;
      for (int j = 0; j < 2; ++j) s += x[2 * r + j];
    }
    __syncthreads();
    const float v = s > 0.0f ? s : 1.0f;
    y[r * blockDim.x + threadIdx.x] = (1.0f + threadIdx.x) / v;
    __syncthreads();
  }
}
