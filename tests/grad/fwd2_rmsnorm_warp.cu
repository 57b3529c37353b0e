// cuad: fwd --fn rmsnorm_warp
// RMSNorm in float, one warp per row (two warps per block), butterfly all-reduce with
// __shfl_xor_sync in a __forceinline__ device function, rsqrtf; warps past the last row
// return early.
__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffffu, v, mask);
  return v;
}
__global__ void rmsnorm_warp(float* __restrict__ y, const float* __restrict__ x,
                             const float* __restrict__ weight, int rows, int cols, float eps) {
  const int warps_per_block = blockDim.x / 32;
  const int row = blockIdx.x * warps_per_block + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float* xr = x + row * cols;
  float ss = 0.f;
  for (int j = lane; j < cols; j += 32) ss += xr[j] * xr[j];
  ss = warp_allreduce_sum(ss);
  const float inv = rsqrtf(ss / cols + eps);
  for (int j = lane; j < cols; j += 32) y[row * cols + j] = xr[j] * inv * weight[j];
}
