// cuad: --fn cumulative --wrt x,y
// cub::BlockScan over 96 threads (three warps, not a power of two): InclusiveSum with the block
// aggregate, the running fraction of the block's total (every thread's result used
// nonlinearly).
#include <cub/cub.cuh>

__global__ void cumulative(const float* x, float* y, int n) {
  using Scan = cub::BlockScan<float, 96>;
  __shared__ typename Scan::TempStorage st;
  int i = blockIdx.x * 96 + threadIdx.x;
  float v = i < n ? expf(x[i]) : 0.0f;
  float run, total;
  Scan(st).InclusiveSum(v, run, total);
  if (i < n) y[i] = run / total;
}
