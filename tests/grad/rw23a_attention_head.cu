// cuad: --fn attention_head_fwd<double,4,8> --wrt out,att,qkv
// cuad: fwd --fn attention_head_fwd<float,4,8> --wrt out,att,qkv
// Causal self-attention with a key-padding mask, in the layout of llm.c's attention_forward
// (packed qkv of shape (B, T, 3C), heads of size HS side by side in C = NH * HS), written as
// the naive "one thread per (b, t, h)" kernel: the query is copied into a local array, the
// scaled scores q.k / sqrt(HS) of the keys t2 <= t that are not padding go into a local
// array (padding gets -INFINITY and is skipped), a running maximum is kept with an `if`, the
// scores are overwritten in place by their exponentials, normalised, written to the attention
// matrix (B, NH, T, T) with zeros above the diagonal, and the probabilities weight the values
// into a zero-initialised local accumulator. Templated on the element type, the head size and
// the largest sequence length; the trip counts depend on t.
#include <cuda_runtime.h>
#include <math.h>

template <typename T, int HS, int TMAX>
__global__ void attention_head_fwd(T* __restrict__ out, T* __restrict__ att, const T* __restrict__ qkv,
                                   const int* __restrict__ key_valid, int B, int Tn, int NH) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * Tn * NH) return;
  const int h = idx % NH;
  const int t = (idx / NH) % Tn;
  const int b = idx / (NH * Tn);
  const int C = NH * HS;
  const int C3 = 3 * C;

  T qr[HS];
  const T* q = qkv + (b * Tn + t) * C3 + h * HS;
#pragma unroll
  for (int i = 0; i < HS; ++i) qr[i] = q[i];

  const T scale = T(1) / sqrt(T(HS));
  T scores[TMAX];
  T maxv = -INFINITY;
  for (int t2 = 0; t2 <= t; ++t2) {
    if (!key_valid[b * Tn + t2]) {
      scores[t2] = -INFINITY;
      continue;
    }
    const T* k = qkv + (b * Tn + t2) * C3 + C + h * HS;
    T s = T(0);
#pragma unroll
    for (int i = 0; i < HS; ++i) s += qr[i] * k[i];
    s *= scale;
    scores[t2] = s;
    if (s > maxv) maxv = s;
  }

  T sum = T(0);
  for (int t2 = 0; t2 <= t; ++t2) {
    const T e = key_valid[b * Tn + t2] ? exp(scores[t2] - maxv) : T(0);
    scores[t2] = e;
    sum += e;
  }
  const T inv = T(1) / sum;

  T* att_row = att + ((b * NH + h) * Tn + t) * Tn;
  for (int t2 = 0; t2 < Tn; ++t2) att_row[t2] = (t2 <= t) ? scores[t2] * inv : T(0);

  T acc[HS] = {};
  for (int t2 = 0; t2 <= t; ++t2) {
    const T p = scores[t2] * inv;
    const T* v = qkv + (b * Tn + t2) * C3 + 2 * C + h * HS;
#pragma unroll
    for (int i = 0; i < HS; ++i) acc[i] += p * v[i];
  }
  T* o = out + (b * Tn + t) * C + h * HS;
#pragma unroll
  for (int i = 0; i < HS; ++i) o[i] = acc[i];
}
