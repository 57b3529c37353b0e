// cuad: --fn flash_attn_fwd<4,8> --wrt Q,K,V,O,LSE
// cuad: fwd --fn flash_attn_fwd<4,8> --wrt Q,K,V,O,LSE
// A FlashAttention-style forward pass with a causal sliding window: each block takes BQ
// queries of one head, loops over key tiles of BK keys staged in __shared__ memory (K and V
// tiles loaded cooperatively, two barriers per tile), and each thread keeps the running max,
// the running denominator and its output row in registers. Masked scores (future keys, keys
// that fell out of the window, padding past the end) are set to -INFINITY, and the rescaling
// guards the all-masked case the way FlashAttention does ("max == -inf ? 0 : max"), so a query
// whose first tiles are entirely out of its window stays finite. The log-sum-exp of each row
// is saved for the backward pass.
#include <cuda_runtime.h>
#include <math.h>

#define HD 4

template <int BQ, int BK>
__global__ void flash_attn_fwd(const float* __restrict__ Q, const float* __restrict__ K,
                               const float* __restrict__ V, float* __restrict__ O, float* __restrict__ LSE,
                               int T, int n_heads, int window, float scale) {
  __shared__ float Ks[BK][HD];
  __shared__ float Vs[BK][HD];
  const int h = blockIdx.y;
  const int qi = blockIdx.x * BQ + threadIdx.x;
  const bool active = qi < T;
  const int row_stride = n_heads * HD;

  float q[HD], o[HD];
#pragma unroll
  for (int d = 0; d < HD; ++d) {
    q[d] = active ? Q[qi * row_stride + h * HD + d] * scale : 0.0f;
    o[d] = 0.0f;
  }
  float m = -INFINITY, l = 0.0f;

  const int last_key = min(T - 1, blockIdx.x * BQ + BQ - 1);
  for (int k0 = 0; k0 <= last_key; k0 += BK) {
    for (int e = threadIdx.x; e < BK * HD; e += blockDim.x) {
      const int kk = e / HD, d = e % HD, kpos = k0 + kk;
      Ks[kk][d] = kpos < T ? K[kpos * row_stride + h * HD + d] : 0.0f;
      Vs[kk][d] = kpos < T ? V[kpos * row_stride + h * HD + d] : 0.0f;
    }
    __syncthreads();
    if (active) {
      float s[BK];
      float tile_max = -INFINITY;
#pragma unroll
      for (int j = 0; j < BK; ++j) {
        const int kpos = k0 + j;
        float acc = 0.0f;
#pragma unroll
        for (int d = 0; d < HD; ++d) acc += q[d] * Ks[j][d];
        const bool masked = kpos > qi || kpos <= qi - window || kpos >= T;
        s[j] = masked ? -INFINITY : acc;
        tile_max = fmaxf(tile_max, s[j]);
      }
      const float m_new = fmaxf(m, tile_max);
      const float m_use = m_new == -INFINITY ? 0.0f : m_new;
      const float corr = expf(m - m_use);
      float psum = 0.0f;
#pragma unroll
      for (int j = 0; j < BK; ++j) {
        s[j] = expf(s[j] - m_use);
        psum += s[j];
      }
      l = l * corr + psum;
#pragma unroll
      for (int d = 0; d < HD; ++d) {
        float pv = 0.0f;
#pragma unroll
        for (int j = 0; j < BK; ++j) pv += s[j] * Vs[j][d];
        o[d] = o[d] * corr + pv;
      }
      m = m_new;
    }
    __syncthreads();
  }
  if (active) {
    const float inv_l = 1.0f / l;
#pragma unroll
    for (int d = 0; d < HD; ++d) O[qi * row_stride + h * HD + d] = o[d] * inv_l;
    LSE[h * T + qi] = m + logf(l);
  }
}
