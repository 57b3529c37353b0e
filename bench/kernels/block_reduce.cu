// Workload 10: block reduction in shared memory (tree with __syncthreads): each block writes
// the sum of squares of its elements. Needs shared-memory support in cuad.
// Differentiated with: cuad grad block_reduce.cu --fn block_sum_sq --wrt partial,x

__global__ void block_sum_sq(float* partial, const float* x, int n) {
  __shared__ float buf[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v = 0.0f;
  if (i < n) {
    v = x[i] * x[i];
  }
  buf[t] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      buf[t] += buf[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = buf[0];
  }
}
