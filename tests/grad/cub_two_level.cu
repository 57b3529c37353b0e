// cuad: --fn energy --wrt x,result
// A two-level reduction from a host function: per-block sums of f(x) with cub::BlockReduce
// into a device buffer of partials, then one block of a second kernel sums the partials (a
// CUB Sum with a count of valid items) and thread 0 stores a nonlinear function of the total.
#include <cub/cub.cuh>

constexpr int kBlock = 32;

__global__ void block_partials(const double* x, double* partial, int n) {
  using BlockReduce = cub::BlockReduce<double, kBlock>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * kBlock + threadIdx.x;
  double v = i < n ? x[i] * x[i] + 0.5 * cos(x[i]) : 0.0;
  double s = BlockReduce(temp).Sum(v);
  if (threadIdx.x == 0) partial[blockIdx.x] = s;
}

__global__ void finish(const double* partial, double* result, int blocks) {
  using BlockReduce = cub::BlockReduce<double, kBlock>;
  __shared__ typename BlockReduce::TempStorage temp;
  double v = threadIdx.x < blocks ? partial[threadIdx.x] : 0.0;
  double total = BlockReduce(temp).Sum(v, blocks);
  if (threadIdx.x == 0) *result = log(1.0 + total * total);
}

void energy(const double* x, double* result, int n) {
  const int blocks = (n + kBlock - 1) / kBlock;
  double *d_x, *d_partial, *d_result;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_partial, blocks * sizeof(double));
  cudaMalloc(&d_result, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  block_partials<<<blocks, kBlock>>>(d_x, d_partial, n);
  finish<<<1, kBlock>>>(d_partial, d_result, blocks);
  cudaMemcpy(result, d_result, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_partial);
  cudaFree(d_result);
}
