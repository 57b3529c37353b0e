// cuad: --fn normalize_rows --wrt y,x,g
// cuad: fwd --fn normalize_rows
// A file-scope `using` alias of cub::BlockReduce, `Reduce(v, cuda::std::plus<>())` (CUB 3's
// spelling of `cub::Sum()`) after a block-stride row loop, and the block's sum broadcast by
// the user through shared memory to every thread, which uses it nonlinearly (RMS
// normalization of each row, one block per row).
#include <cub/cub.cuh>

constexpr int kThreads = 64;
using RowReduce = cub::BlockReduce<double, kThreads>;

__global__ void normalize_rows(double* y, const double* x, const double* g, int cols) {
  __shared__ typename RowReduce::TempStorage temp;
  __shared__ double s_inv;
  const double* row = x + blockIdx.x * cols;
  double ss = 0;
  for (int c = threadIdx.x; c < cols; c += kThreads) ss += row[c] * row[c];
  double total = RowReduce(temp).Reduce(ss, cuda::std::plus<>());
  if (threadIdx.x == 0) s_inv = 1.0 / sqrt(total / cols + 1e-3);
  __syncthreads();
  for (int c = threadIdx.x; c < cols; c += kThreads)
    y[blockIdx.x * cols + c] = row[c] * s_inv * g[c];
}
