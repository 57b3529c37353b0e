// cuad: --fn causal_attention --wrt q,k,v,out
// Causal single-head attention with head dimension 4, one thread per query: float4 rows,
// scores kept in a local array indexed by the key, a running max, exp and normalization.
#include <cuda_runtime.h>

#define T_MAX 16

__device__ __forceinline__ float dot4(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

__global__ void causal_attention(const float4* __restrict__ q, const float4* __restrict__ k,
                                 const float4* __restrict__ v, float4* __restrict__ out, int T) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= T) return;
  const float scale = rsqrtf(4.0f);
  const float4 qi = q[i];
  float s[T_MAX];
  float m = -1e30f;
  for (int j = 0; j <= i; ++j) {
    s[j] = dot4(qi, k[j]) * scale;
    m = fmaxf(m, s[j]);
  }
  float denom = 0.0f;
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int j = 0; j <= i; ++j) {
    const float p = expf(s[j] - m);
    denom += p;
    const float4 vj = v[j];
    acc.x += p * vj.x;
    acc.y += p * vj.y;
    acc.z += p * vj.z;
    acc.w += p * vj.w;
  }
  const float inv = 1.0f / denom;
  out[i] = make_float4(acc.x * inv, acc.y * inv, acc.z * inv, acc.w * inv);
}
