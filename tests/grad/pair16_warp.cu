// cuad: --fn half2_warp_norm --wrt x,g,y,out
// cuad: fwd --fn half2_warp_norm --wrt x,g,y,out
// Written for cuad in the style of fp16 row kernels (one warp per row of `__half2` pairs): a
// warp sum of squares with `__shfl_xor_sync` on `__half2` values, the total widened to float
// for the scale, and the row scaled with the `__half2` operators and written back as pairs.
#include <cuda_fp16.h>

__global__ void half2_warp_norm(const __half2* __restrict__ x, const __half2* __restrict__ g,
                                __half2* __restrict__ y, float* __restrict__ out) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  const __half2 v = x[row * 32 + lane];
  __half2 ss = __hmul2(v, v);
  for (int o = 16; o > 0; o >>= 1) ss = __hadd2(ss, __shfl_xor_sync(0xffffffffu, ss, o));
  const float total = __low2float(ss) + __high2float(ss);
  const float inv = rsqrtf(total / 64.0f + 1.0f);
  y[row * 32 + lane] = v * __float2half2_rn(inv) * g[lane];
  if (lane == 0) out[row] = total;
}
