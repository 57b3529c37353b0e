// cuad: --fn block_softsum --wrt out,x
// Dynamic shared memory (`extern __shared__`): a block loads its inputs, each thread reads a
// neighbour's value, then a tree reduction. The gradient keeps the adjoints in the second half
// of the dynamic region, so it is launched with twice the primal's dynamic shared memory.
__global__ void block_softsum(double* out, const double* x, int n) {
  extern __shared__ double buf[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? exp(x[i]) : 0.0;
  __syncthreads();
  double mine = buf[t] * buf[(t + 1) % blockDim.x];
  __syncthreads();
  buf[t] = mine;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = log(buf[0]);
}
