// cuad: --fn scan_features --wrt x,y
// cuad: fwd --fn scan_features
// cub::BlockScan's InclusiveSum and ExclusiveSum (every thread's result used nonlinearly), the
// exclusive one with the block aggregate through a named object, over a block of 32 threads;
// one scan per block.
#include <cub/cub.cuh>

__global__ void scan_features(const double* x, double* y, int n) {
  typedef cub::BlockScan<double, 32> BlockScan;
  __shared__ typename BlockScan::TempStorage st;
  __shared__ typename BlockScan::TempStorage st2;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] : 0.0;
  double incl, excl, total;
  BlockScan(st).InclusiveSum(v * v, incl);
  BlockScan scan2(st2);
  scan2.ExclusiveSum(tanh(v), excl, total);
  if (i < n) y[i] = sin(incl) + excl * excl + 0.1 * total * v;
}
