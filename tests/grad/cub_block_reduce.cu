// cuad: --fn block_sumsq --wrt x,partial
// cuad: fwd --fn block_sumsq
// cub::BlockReduce's Sum over a block of 48 threads (not a power of two), its result valid in
// thread 0 only and used there (partial[blockIdx.x] = ...); a second, masked Sum(v, valid).
#include <cub/cub.cuh>

__global__ void block_sumsq(const double* x, double* partial, int n) {
  typedef cub::BlockReduce<double, 48> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  __shared__ typename BlockReduce::TempStorage temp2;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] * x[i] * sin(x[i]) : 0.0;
  double total = BlockReduce(temp).Sum(v);
  double head = BlockReduce(temp2).Sum(i < n ? exp(0.5 * x[i]) : 0.0, 20);
  if (threadIdx.x == 0) partial[blockIdx.x] = total * total + head * total;
}
