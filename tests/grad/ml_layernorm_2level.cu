// cuad: --fn layernorm_fwd --wrt y,mean_out,rstd_out,x,gamma,beta
// LayerNorm forward as in PyTorch extensions: one block per row, a block_sum helper that
// reduces with __shfl_down_sync inside each warp, then across warps through shared memory
// (passed to the helper as a pointer), saving mean and rstd for the backward.
__device__ __forceinline__ double warp_sum(double v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__device__ double block_sum(double v, double* smem) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  v = warp_sum(v);
  if (lane == 0) smem[wid] = v;
  __syncthreads();
  const int nw = blockDim.x >> 5;
  v = (threadIdx.x < nw) ? smem[lane] : 0.0;
  if (wid == 0) v = warp_sum(v);
  if (threadIdx.x == 0) smem[32] = v;
  __syncthreads();
  const double r = smem[32];
  __syncthreads();
  return r;
}
__global__ void layernorm_fwd(double* y, double* mean_out, double* rstd_out, const double* x,
                              const double* gamma, const double* beta, int cols, double eps) {
  __shared__ double smem[33];
  const int row = blockIdx.x;
  const double* xr = x + row * cols;
  double s = 0.0;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) s += xr[j];
  const double mean = block_sum(s, smem) / cols;
  double v = 0.0;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    const double d = xr[j] - mean;
    v += d * d;
  }
  const double var = block_sum(v, smem) / cols;
  const double rstd = 1.0 / sqrt(var + eps);
  if (threadIdx.x == 0) {
    mean_out[row] = mean;
    rstd_out[row] = rstd;
  }
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    y[row * cols + j] = (xr[j] - mean) * rstd * gamma[j] + beta[j];
}
