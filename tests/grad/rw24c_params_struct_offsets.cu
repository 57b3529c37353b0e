// cuad: --fn attn_fwd_params --wrt p
// cuad: fwd --fn attn_fwd_params --wrt p
// Causal attention written against a FlashAttention-style parameter struct passed by value:
// the struct carries the q/k/v/o base pointers, their row/head/batch strides (ints) and the
// softmax scale; each thread first moves the struct's pointers to its (batch, head) slice
// (`p.q += b * p.q_batch_stride + h * p.q_head_stride`, as FlashAttention's block info does
// with its copy of the params) and then indexes rows with the row strides. One thread per
// query token, online softmax.
#include <cuda_runtime.h>
#include <math.h>

struct AttnParams {
  const float* q;
  const float* k;
  const float* v;
  float* o;
  int q_row_stride, k_row_stride, v_row_stride, o_row_stride;
  int q_head_stride, k_head_stride, v_head_stride, o_head_stride;
  int q_batch_stride, k_batch_stride, v_batch_stride, o_batch_stride;
  int seqlen, head_dim;
  float scale;
};

__global__ void attn_fwd_params(AttnParams p) {
  const int b = blockIdx.z, h = blockIdx.y;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= p.seqlen) return;
  p.q += b * p.q_batch_stride + h * p.q_head_stride;
  p.k += b * p.k_batch_stride + h * p.k_head_stride;
  p.v += b * p.v_batch_stride + h * p.v_head_stride;
  p.o += b * p.o_batch_stride + h * p.o_head_stride;
  const float* qt = p.q + t * p.q_row_stride;
  float* ot = p.o + t * p.o_row_stride;
  float m = -INFINITY, l = 0.0f;
  for (int d = 0; d < p.head_dim; ++d) ot[d] = 0.0f;
  for (int j = 0; j <= t; ++j) {
    float s = 0.0f;
    for (int d = 0; d < p.head_dim; ++d) s += qt[d] * p.k[j * p.k_row_stride + d];
    s *= p.scale;
    const float mn = fmaxf(m, s), a = expf(m - mn), e = expf(s - mn);
    l = l * a + e;
    for (int d = 0; d < p.head_dim; ++d) ot[d] = ot[d] * a + e * p.v[j * p.v_row_stride + d];
    m = mn;
  }
  for (int d = 0; d < p.head_dim; ++d) ot[d] /= l;
}
