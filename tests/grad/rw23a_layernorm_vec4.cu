// cuad: --fn layernorm_fwd_vec4 --wrt out,mean,rstd,inp,weight,bias
// cuad: fwd --fn layernorm_fwd_vec4 --wrt out,mean,rstd,inp,weight,bias
// LayerNorm forward in the style of llm.c's layernorm_forward_kernel3/4: one warp per row of
// an (N, C) activation matrix, float4 (128-bit) loads of the row, of the weight and of the
// bias, a one-pass mean / mean-of-squares reduction with __shfl_xor_sync, the variance
// clamped at zero, rsqrtf, and the mean and reciprocal standard deviation cached for the
// backward pass (written by lane 0). C is a multiple of 4; lanes take one or two float4s
// of a row, so the per-lane trip count differs. Options in a struct passed by value.
#include <cuda_runtime.h>

struct LNConfig {
  float eps;
  int C;
};

__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

__device__ __forceinline__ float4 ln_affine(float4 v, float4 w, float4 b, float m, float r) {
  float4 o;
  o.x = (v.x - m) * r * w.x + b.x;
  o.y = (v.y - m) * r * w.y + b.y;
  o.z = (v.z - m) * r * w.z + b.z;
  o.w = (v.w - m) * r * w.w + b.w;
  return o;
}

__global__ void __launch_bounds__(128)
layernorm_fwd_vec4(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                   const float* __restrict__ inp, const float* __restrict__ weight,
                   const float* __restrict__ bias, int N, LNConfig cfg) {
  const int warps_per_block = blockDim.x / 32;
  const int row = blockIdx.x * warps_per_block + threadIdx.x / 32;
  const int lane = threadIdx.x & 31;
  if (row >= N) return;
  const int C4 = cfg.C / 4;
  const float4* x4 = reinterpret_cast<const float4*>(inp + (size_t)row * cfg.C);

  float s = 0.0f, ss = 0.0f;
  for (int i = lane; i < C4; i += 32) {
    const float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
    ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
  }
  s = warp_allreduce_sum(s);
  ss = warp_allreduce_sum(ss);
  const float m = s / cfg.C;
  const float var = fmaxf(ss / cfg.C - m * m, 0.0f);
  const float r = rsqrtf(var + cfg.eps);
  if (lane == 0) {
    mean[row] = m;
    rstd[row] = r;
  }

  const float4* w4 = reinterpret_cast<const float4*>(weight);
  const float4* b4 = reinterpret_cast<const float4*>(bias);
  float4* o4 = reinterpret_cast<float4*>(out + (size_t)row * cfg.C);
  for (int i = lane; i < C4; i += 32) {
    const float4 v = x4[i];
    const float4 w = __ldg(&w4[i]);
    const float4 b = __ldg(&b4[i]);
    o4[i] = ln_affine(v, w, b, m, r);
  }
}
