// cuad: --fn causal_attention_forward<double,8> --wrt out,att,qkv
// cuad: fwd --fn causal_attention_forward<double,8>
// Single-head causal self-attention over a packed (B, T, 3D) qkv buffer as in llm.c's
// attention_forward (q, k, v at offsets 0, D, 2D of each token's row). One warp per query
// (grid (T, B)), templated on the element type and on the longest sequence: scores for the
// keys t2 <= t, -INFINITY for the masked future, a numerically stable softmax with the row
// maximum and the sum found by __shfl_xor_sync butterflies, the probabilities kept in
// shared memory and written to `att`, then the weighted sum of values, one lane per channel.
#include <cuda_runtime.h>
#include <cmath>

template <typename scalar_t>
__device__ __forceinline__ scalar_t warp_max(scalar_t v) {
  for (int off = 16; off > 0; off >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, off));
  return v;
}

template <typename scalar_t>
__device__ __forceinline__ scalar_t warp_sum(scalar_t v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

template <typename scalar_t, int MAX_T>
__global__ void causal_attention_forward(scalar_t* __restrict__ out, scalar_t* __restrict__ att,
                                         const scalar_t* __restrict__ qkv, int B, int T, int D) {
  __shared__ scalar_t probs[MAX_T];
  const int t = blockIdx.x;
  const int b = blockIdx.y;
  const int lane = threadIdx.x;  // blockDim.x == 32
  const int C3 = 3 * D;
  const scalar_t scale = 1.0 / sqrt((scalar_t)D);
  const scalar_t* query = qkv + b * T * C3 + t * C3;

  // pass 1: scaled scores, masked to the past
  scalar_t local_max = -INFINITY;
  for (int t2 = lane; t2 < T; t2 += 32) {
    scalar_t s;
    if (t2 > t) {
      s = -INFINITY;
    } else {
      const scalar_t* key = qkv + b * T * C3 + t2 * C3 + D;
      s = 0;
      for (int i = 0; i < D; i++) s += query[i] * key[i];
      s *= scale;
    }
    probs[t2] = s;
    local_max = fmax(local_max, s);
  }
  const scalar_t maxval = warp_max(local_max);

  // pass 2: exponentiate and sum
  scalar_t local_sum = 0;
  for (int t2 = lane; t2 < T; t2 += 32) {
    scalar_t e = exp(probs[t2] - maxval);
    probs[t2] = e;
    local_sum += e;
  }
  const scalar_t inv_sum = 1.0 / warp_sum(local_sum);
  for (int t2 = lane; t2 < T; t2 += 32) {
    probs[t2] *= inv_sum;
    att[b * T * T + t * T + t2] = probs[t2];
  }
  __syncwarp();

  // pass 3: weighted values
  for (int i = lane; i < D; i += 32) {
    scalar_t acc = 0;
    for (int t2 = 0; t2 <= t; t2++) {
      const scalar_t* value = qkv + b * T * C3 + t2 * C3 + 2 * D;
      acc += probs[t2] * value[i];
    }
    out[b * T * D + t * D + i] = acc;
  }
}

template __global__ void causal_attention_forward<double, 8>(double*, double*, const double*, int,
                                                             int, int);
