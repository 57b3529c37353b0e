// cuad: --fn block_moments --wrt m,x
// atomicAdd in the primal onto shared accumulators (zeroed by thread 0), a barrier, then
// thread 0 writes a nonlinear function of the block's sums.
__global__ void block_moments(double* m, const double* x, int n) {
  __shared__ double s1, s2;
  if (threadIdx.x == 0) {
    s1 = 0.0;
    s2 = 0.0;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    atomicAdd(&s1, v);
    atomicAdd(&s2, v * v);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    double mean = s1 / blockDim.x;
    m[blockIdx.x] = s2 / blockDim.x - mean * mean;
  }
}
