// cuad: --fn causal_attn_online<8> --wrt q,k_cache,v_cache,out
// cuad: fwd --fn causal_attn_online<8> --wrt q,k_cache,v_cache,out
// Prefill attention over a KV cache, one thread per (query token, query head), as a naive
// reference kernel of an inference engine: the cache is [slot][kv_head][dim] with strides
// passed as ints, the new tokens sit after `cache_len` cached ones, keys visible to a query
// are those at positions max(0, pos - window + 1) .. pos (causal sliding window), query heads
// share key/value heads in groups (GQA). The softmax is computed online: a running maximum
// starting at -INFINITY, the running denominator and the output accumulator (a local array)
// are rescaled by exp(m_old - m_new) whenever the maximum grows.
#include <cuda_runtime.h>
#include <math.h>

struct KVLayout {
  int stride_slot;
  int stride_head;
};

template <int HD>
__device__ float dot_head(const float* __restrict__ a, const float* __restrict__ b) {
  float s = 0.0f;
#pragma unroll
  for (int d = 0; d < HD; ++d) s += a[d] * b[d];
  return s;
}

template <int HD>
__global__ void causal_attn_online(const float* __restrict__ q, const float* __restrict__ k_cache,
                                   const float* __restrict__ v_cache, float* __restrict__ out,
                                   int n_new, int n_heads, int n_kv_heads, int cache_len,
                                   int window, KVLayout kv, float softmax_scale) {
  const int t = blockIdx.x;
  const int h = threadIdx.x;
  if (t >= n_new || h >= n_heads) return;
  const int group = n_heads / n_kv_heads;
  const int kvh = h / group;
  const int pos = cache_len + t;
  const int first = max(0, pos - window + 1);
  const float* qh = q + (t * n_heads + h) * HD;

  float m = -INFINITY;
  float l = 0.0f;
  float acc[HD];
#pragma unroll
  for (int d = 0; d < HD; ++d) acc[d] = 0.0f;

  for (int j = first; j <= pos; ++j) {
    const float* kj = k_cache + j * kv.stride_slot + kvh * kv.stride_head;
    const float* vj = v_cache + j * kv.stride_slot + kvh * kv.stride_head;
    const float s = dot_head<HD>(qh, kj) * softmax_scale;
    const float m_new = fmaxf(m, s);
    const float corr = expf(m - m_new);
    const float p = expf(s - m_new);
    l = l * corr + p;
#pragma unroll
    for (int d = 0; d < HD; ++d) acc[d] = acc[d] * corr + p * vj[d];
    m = m_new;
  }
  const float inv_l = 1.0f / l;
  float* oh = out + (t * n_heads + h) * HD;
#pragma unroll
  for (int d = 0; d < HD; ++d) oh[d] = acc[d] * inv_l;
}
