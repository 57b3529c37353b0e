// cuad: --fn rope_qk_inplace --wrt q,k,p
// cuad: fwd --fn rope_qk_inplace --wrt q,k,p
// Rotary embeddings applied in place to the query and key projections of one step of a
// decoder, as llama-style inference code does it: q and k live in padded activation buffers
// (row strides passed as ints, heads at a head stride), keys have fewer heads than queries
// (grouped-query attention), each token's position is its index in the request plus the
// number of tokens already in the KV cache. Both the GPT-NeoX (i, i + d/2) and the GPT-J
// interleaved (2i, 2i + 1) pairings are supported through a flag; frequencies are
// theta^(-2i/d) with linear position interpolation (pos / scale), sincosf gives the rotation.
#include <cuda_runtime.h>
#include <math.h>

struct RopeParams {
  int n_heads, n_kv_heads, head_dim;
  int q_stride_tok, q_stride_head;
  int k_stride_tok, k_stride_head;
  int cache_len;     // tokens already in the cache
  int interleaved;   // 0: NeoX halves, 1: GPT-J pairs
  float theta;
  float pos_scale;   // linear interpolation: position / pos_scale
};

__device__ __forceinline__ void pair_index(int i, int half, int interleaved, int& a, int& b) {
  if (interleaved) {
    a = 2 * i;
    b = 2 * i + 1;
  } else {
    a = i;
    b = i + half;
  }
}

__device__ __forceinline__ void rotate_pair(float* __restrict__ v, int a, int b, float c, float s) {
  const float x0 = v[a];
  const float x1 = v[b];
  v[a] = x0 * c - x1 * s;
  v[b] = x0 * s + x1 * c;
}

__global__ void rope_qk_inplace(float* q, float* k, const int* __restrict__ tok_pos,
                                int n_tokens, RopeParams p) {
  const int tok = blockIdx.x;
  if (tok >= n_tokens) return;
  const int half = p.head_dim / 2;
  const float pos = (float)(tok_pos[tok] + p.cache_len) / p.pos_scale;
  float* qt = q + tok * p.q_stride_tok;
  float* kt = k + tok * p.k_stride_tok;
  for (int idx = threadIdx.x; idx < p.n_heads * half; idx += blockDim.x) {
    const int h = idx / half;
    const int i = idx - h * half;
    const float inv_freq = powf(p.theta, -2.0f * (float)i / (float)p.head_dim);
    float s, c;
    sincosf(pos * inv_freq, &s, &c);
    int a, b;
    pair_index(i, half, p.interleaved, a, b);
    rotate_pair(qt + h * p.q_stride_head, a, b, c, s);
    if (h < p.n_kv_heads) rotate_pair(kt + h * p.k_stride_head, a, b, c, s);
  }
}
