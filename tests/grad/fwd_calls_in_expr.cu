// cuad: fwd --fn k --wrt x,out
// Calls inside larger expressions: each becomes one pushforward call before the statement
// (a callee that writes through a pointer or reference runs once), default arguments are
// filled in, and a block reduction helper with __shared__ scratch is called in an expression.
#define BLOCK 32
__device__ double bump(double& acc, double v, double scale = 2.0) {
  acc += v * v;
  return v * scale;
}

__device__ double block_sum(double v, double* scratch) {
  scratch[threadIdx.x] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
    __syncthreads();
  }
  double total = scratch[0];
  __syncthreads();
  return total;
}

__global__ void k(int n, const double* x, double* out) {
  __shared__ double scratch[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] : 0.0;
  double acc = 0.5;
  double y = bump(acc, v) + bump(acc, v * v, 0.5) * acc;
  double mean = block_sum(v, scratch) / BLOCK + sin(block_sum(y, scratch));
  if (i < n) out[i] = y * mean + acc;
}
