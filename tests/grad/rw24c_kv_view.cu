// cuad: --fn decode_step_append --wrt q,k_new,v_new,kc,vc,out
// One decode step of a single layer with the KV cache behind small view structs (a base
// pointer and int strides, an accessor returning a row pointer), as a hand-written inference
// engine has them: one block per head, one thread per element of the head. The step first
// appends its new key and value at slot `pos` of the cache (through the views), waits at the
// barrier, then every thread scores the query against all cached keys 0..pos with an online
// softmax and accumulates its own element of the value-weighted sum.
#include <cuda_runtime.h>
#include <math.h>

struct CacheView {
  float* data;
  int stride_tok;
  int stride_head;
  __device__ float* row(int tok, int head) const { return data + tok * stride_tok + head * stride_head; }
};

struct Online {
  float m, l, acc;
  __device__ void push(float s, float v) {
    const float mn = fmaxf(m, s);
    const float a = expf(m - mn), b = expf(s - mn);
    l = l * a + b;
    acc = acc * a + b * v;
    m = mn;
  }
};

__global__ void decode_step_append(const float* __restrict__ q, const float* __restrict__ k_new,
                                   const float* __restrict__ v_new, CacheView kc, CacheView vc,
                                   float* __restrict__ out, int pos, int head_dim, float scale) {
  const int h = blockIdx.x;
  const int d = threadIdx.x;
  const int D = head_dim;
  if (d < D) {
    kc.row(pos, h)[d] = k_new[h * D + d];
    vc.row(pos, h)[d] = v_new[h * D + d];
  }
  __syncthreads();
  if (d >= D) return;
  const float* qh = q + h * D;
  Online st{-INFINITY, 0.0f, 0.0f};
  for (int j = 0; j <= pos; ++j) {
    const float* kj = kc.row(j, h);
    float s = 0.0f;
    for (int e = 0; e < D; ++e) s += qh[e] * kj[e];
    st.push(s * scale, vc.row(j, h)[d]);
  }
  out[h * D + d] = st.acc / st.l;
}
