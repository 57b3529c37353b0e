// cuad: --fn rmsnorm_warp --wrt out,x,weight
// cuad: fwd --fn rmsnorm_warp --wrt out,x,weight
// RMSNorm forward in the style of LLM inference engines: one warp per row (row =
// blockIdx.x * warps_per_block + warp), float4 vectorized loads of x and weight through
// reinterpret_cast, a sum of squares reduced with a __shfl_xor_sync butterfly (every lane gets
// the total), rsqrtf, float4 stores. The launch has a partial last block (a warp past N).
#include <cuda_runtime.h>

__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
  for (int mask = 16; mask >= 1; mask >>= 1) v += __shfl_xor_sync(0xffffffff, v, mask);
  return v;
}

__global__ void rmsnorm_warp(float* __restrict__ out, const float* __restrict__ x,
                             const float* __restrict__ weight, int N, int C, float eps) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int row = blockIdx.x * (blockDim.x / 32) + warp;
  if (row >= N) return;
  const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x + (size_t)row * C);
  const float4* __restrict__ w4 = reinterpret_cast<const float4*>(weight);
  float4* __restrict__ o4 = reinterpret_cast<float4*>(out + (size_t)row * C);
  const int C4 = C / 4;
  float ss = 0.0f;
  for (int i = lane; i < C4; i += 32) {
    const float4 v = x4[i];
    ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
  }
  ss = warp_allreduce_sum(ss);
  const float r = rsqrtf(ss / C + eps);
  for (int i = lane; i < C4; i += 32) {
    const float4 v = x4[i];
    const float4 g = w4[i];
    float4 y;
    y.x = v.x * r * g.x;
    y.y = v.y * r * g.y;
    y.z = v.z * r * g.z;
    y.w = v.w * r * g.w;
    o4[i] = y;
  }
}
