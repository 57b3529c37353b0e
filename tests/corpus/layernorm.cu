// Layer normalization over the last dimension with learned gain and bias:
// y = (x - mean) / sqrt(var + eps) * gamma + beta. One warp per row.
__device__ __forceinline__ float warp_allreduce_sum(float v) {
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, m);
  return v;
}

__global__ void layernorm_forward(const float *__restrict__ x, const float *__restrict__ gamma,
                                  const float *__restrict__ beta, float *__restrict__ y,
                                  float *__restrict__ mean_out, float *__restrict__ rstd_out,
                                  int rows, int dim, float eps) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  const float *xr = x + (long)row * dim;
  float s = 0.0f;
  for (int i = lane; i < dim; i += 32)
    s += xr[i];
  float mean = warp_allreduce_sum(s) / dim;
  float v = 0.0f;
  for (int i = lane; i < dim; i += 32) {
    float d = xr[i] - mean;
    v += d * d;
  }
  float var = warp_allreduce_sum(v) / dim;
  float rstd = rsqrtf(var + eps);
  float *yr = y + (long)row * dim;
  for (int i = lane; i < dim; i += 32)
    yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
  if (lane == 0) {
    mean_out[row] = mean;
    rstd_out[row] = rstd;
  }
}
