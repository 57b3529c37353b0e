// cuad: --fn ln_warp --wrt y,mean_out,rstd_out,x,gamma,beta
// Layer norm, one warp per row (threadIdx.y picks the row inside the block): two-pass mean and
// variance with __shfl_xor_sync butterflies, rsqrtf, lane 0 saves the statistics.
__global__ void ln_warp(float* __restrict__ y, float* __restrict__ mean_out,
                        float* __restrict__ rstd_out, const float* __restrict__ x,
                        const float* __restrict__ gamma, const float* __restrict__ beta, int rows,
                        int cols, float eps) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  const int lane = threadIdx.x;
  if (row >= rows) return;
  const float* xr = x + row * cols;
  float s = 0.0f;
  for (int j = lane; j < cols; j += 32) s += xr[j];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
  const float mu = s / cols;
  float v = 0.0f;
  for (int j = lane; j < cols; j += 32) {
    const float d = xr[j] - mu;
    v += d * d;
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  const float rstd = rsqrtf(v / cols + eps);
  if (lane == 0) {
    mean_out[row] = mu;
    rstd_out[row] = rstd;
  }
  for (int j = lane; j < cols; j += 32)
    y[row * cols + j] = (xr[j] - mu) * rstd * gamma[j] + beta[j];
}
