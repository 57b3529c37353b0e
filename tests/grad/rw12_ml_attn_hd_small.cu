// cuad: --fn causal_attn<4> --wrt out,qkv
// cuad: fwd --fn causal_attn<4> --wrt out,qkv
// Naive causal self-attention for tiny head sizes, one thread per (batch, time, head) query,
// with llm.c's packed layout: qkv is [B, T, 3 * C] (q, then k, then v, C = NH * HS), out is
// [B, T, C]. The query is loaded into a register array (template <int HS>, #pragma unroll);
// a first loop over keys t2 <= t finds the max score, a second one accumulates exp(score - max)
// and the exp-weighted values into a local accumulator, then the thread normalizes. 1/sqrt(HS)
// scale with rsqrt.
#include <cuda_runtime.h>

template <int HS>
__device__ __forceinline__ double dot_hs(const double* __restrict__ a, const double* b) {
  double s = 0.0;
#pragma unroll
  for (int i = 0; i < HS; ++i) s += a[i] * b[i];
  return s;
}

template <int HS>
__global__ void causal_attn(double* __restrict__ out, const double* __restrict__ qkv, int B,
                            int T, int NH) {
  const int C = NH * HS;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * T * NH) return;
  const int h = idx % NH;
  const int t = (idx / NH) % T;
  const int b = idx / (NH * T);
  const double scale = rsqrt((double)HS);
  const double* __restrict__ base = qkv + (size_t)b * T * 3 * C;
  double q[HS];
#pragma unroll
  for (int i = 0; i < HS; ++i) q[i] = base[t * 3 * C + h * HS + i] * scale;

  double maxval = -1e300;
  for (int t2 = 0; t2 <= t; ++t2) {
    const double sc = dot_hs<HS>(base + t2 * 3 * C + C + h * HS, q);
    if (sc > maxval) maxval = sc;
  }
  double sum = 0.0;
  double acc[HS];
#pragma unroll
  for (int i = 0; i < HS; ++i) acc[i] = 0.0;
  for (int t2 = 0; t2 <= t; ++t2) {
    const double* __restrict__ krow = base + t2 * 3 * C + C + h * HS;
    const double* __restrict__ vrow = base + t2 * 3 * C + 2 * C + h * HS;
    const double e = exp(dot_hs<HS>(krow, q) - maxval);
    sum += e;
#pragma unroll
    for (int i = 0; i < HS; ++i) acc[i] += e * vrow[i];
  }
  const double inv = 1.0 / sum;
  double* __restrict__ o = out + ((size_t)b * T + t) * C + h * HS;
#pragma unroll
  for (int i = 0; i < HS; ++i) o[i] = acc[i] * inv;
}
