// cuad: --fn block_sum_sq --wrt out,in
// Shared-memory tree reduction per block with __syncthreads (one partial sum per block).
#define BLOCK 64

__global__ void block_sum_sq(double* out, const double* in, int n) {
  __shared__ double buf[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = i < n ? in[i] * in[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}
