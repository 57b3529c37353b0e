// cuad: --fn rmsnorm_half2<128> --wrt x,gamma,out
// RMSNorm in the style of LLM inference engines (vLLM / TensorRT-LLM): activations stored as
// __half and read two at a time as __half2, all math in float, one warp per row. Each lane keeps
// its C / 64 pairs in a register array (read once), the sum of squares goes through a
// __shfl_xor_sync butterfly, and the normalized row is scaled by a float gamma and stored in
// float for the next (fp32) stage.
#include <cuda_fp16.h>

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
  return v;
}

template <int C>
__global__ void __launch_bounds__(128) rmsnorm_half2(float* __restrict__ out,
                                                     const __half* __restrict__ x,
                                                     const float* __restrict__ gamma, int rows,
                                                     float eps) {
  static_assert(C % 64 == 0, "each lane handles whole __half2 pairs");
  constexpr int PAIRS = C / 64;
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= rows) return;

  const __half2* x2 = reinterpret_cast<const __half2*>(x + (size_t)row * C);
  float2 v[PAIRS];
  float ss = 0.f;
#pragma unroll
  for (int p = 0; p < PAIRS; ++p) {
    v[p] = __half22float2(x2[lane + 32 * p]);
    ss += v[p].x * v[p].x + v[p].y * v[p].y;
  }
  ss = warp_sum(ss);
  const float inv = rsqrtf(ss * (1.f / C) + eps);

  const float2* g2 = reinterpret_cast<const float2*>(gamma);
  float2* o2 = reinterpret_cast<float2*>(out + (size_t)row * C);
#pragma unroll
  for (int p = 0; p < PAIRS; ++p) {
    const float2 g = g2[lane + 32 * p];
    o2[lane + 32 * p] = make_float2(v[p].x * inv * g.x, v[p].y * inv * g.y);
  }
}
