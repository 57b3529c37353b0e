// cuad: --fn compact_squares --wrt x,y
// Stream compaction: an integer cub::BlockScan (ExclusiveSum of keep flags) computes each
// kept element's slot; it carries no derivative and stays a CUB call in the gradient. A
// block sum of the kept values (real) scales the stores.
#include <cub/cub.cuh>

__global__ void compact_squares(const float* x, float* y, int n) {
  typedef cub::BlockScan<int, 32> Scan;
  typedef cub::BlockReduce<float, 32> Reduce;
  __shared__ typename Scan::TempStorage st;
  __shared__ typename Reduce::TempStorage rt;
  __shared__ float s_scale;
  int i = blockIdx.x * 32 + threadIdx.x;
  int keep = i < n && x[i] > 0.0f;
  int at, kept;
  Scan(st).ExclusiveSum(keep, at, kept);
  float sum = Reduce(rt).Sum(keep ? x[i] : 0.0f);
  if (threadIdx.x == 0) s_scale = 1.0f / (1.0f + sum);
  __syncthreads();
  if (keep) y[blockIdx.x * 32 + at] = x[i] * x[i] * s_scale;
  if (threadIdx.x == 0) y[blockIdx.x * 32 + 31] = (float)kept;
}
