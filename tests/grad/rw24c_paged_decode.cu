// cuad: --fn paged_decode_attn<16> --wrt q,k_cache,v_cache,out
// cuad: fwd --fn paged_decode_attn<16> --wrt q,k_cache,v_cache,out
// Decode-step attention over a paged KV cache (vLLM-style): one block per sequence, one group
// of HD lanes per head (two heads share a warp: shuffles use width HD), lane d holds element
// d of the query. Keys live in fixed-size physical blocks found through the sequence's block
// table; two sequences share their first physical block (prefix caching). The scores go to
// dynamic shared memory, are overwritten in place by their exponentials, and the weighted sum
// of values is normalised at the end. Context lengths differ per sequence.
#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu

struct PagedLayout {
  int block_size;
  int max_blocks_per_seq;
  int stride_block;  // floats between physical blocks
  int stride_tok;    // floats between tokens of a block
  int stride_head;   // floats between heads of a token
};

template <int HD>
__device__ __forceinline__ float group_sum(float v) {
#pragma unroll
  for (int o = HD / 2; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o, HD);
  return v;
}

__device__ __forceinline__ int cache_offset(const int* __restrict__ table, const PagedLayout& L, int seq,
                                            int t, int h) {
  const int phys = table[seq * L.max_blocks_per_seq + t / L.block_size];
  return phys * L.stride_block + (t % L.block_size) * L.stride_tok + h * L.stride_head;
}

template <int HD>
__global__ void paged_decode_attn(float* __restrict__ out, const float* __restrict__ q,
                                  const float* __restrict__ k_cache, const float* __restrict__ v_cache,
                                  const int* __restrict__ block_tables, const int* __restrict__ context_lens,
                                  PagedLayout L, float scale) {
  extern __shared__ float smem[];
  const int seq = blockIdx.x;
  const int n_heads = blockDim.x / HD;
  const int h = threadIdx.x / HD;
  const int d = threadIdx.x % HD;
  const int ctx = context_lens[seq];
  const int max_ctx = L.max_blocks_per_seq * L.block_size;
  float* logits = smem + h * max_ctx;

  const float qd = q[(seq * n_heads + h) * HD + d] * scale;
  float mx = -INFINITY;
  for (int t = 0; t < ctx; ++t) {
    const float s = group_sum<HD>(qd * k_cache[cache_offset(block_tables, L, seq, t, h) + d]);
    if (d == 0) logits[t] = s;
    mx = fmaxf(mx, s);
  }
  __syncwarp();

  float sum = 0.0f;
  for (int t = d; t < ctx; t += HD) {
    const float e = expf(logits[t] - mx);
    logits[t] = e;
    sum += e;
  }
  sum = group_sum<HD>(sum);
  __syncwarp();

  float acc = 0.0f;
  for (int t = 0; t < ctx; ++t) acc += logits[t] * v_cache[cache_offset(block_tables, L, seq, t, h) + d];
  out[(seq * n_heads + h) * HD + d] = acc / sum;
}
