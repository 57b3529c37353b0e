// cuad: --fn causal_softmax --wrt probs,lse,q,k,scale
// Attention scores with a causal mask: one warp per query row (blockDim.y warps per block),
// lanes stride over key positions; masked scores are -INFINITY, the row maximum and the sum
// of exponentials are butterfly-reduced with __shfl_xor_sync (fmaxf for the max), then
// probabilities and the log-sum-exp are written (the lse by lane 0).
#define WARP 32

__global__ void causal_softmax(float* __restrict__ probs, float* __restrict__ lse,
                               const float* __restrict__ q, const float* __restrict__ k,
                               float scale, int T, int D) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  const int lane = threadIdx.x;
  if (row >= T) return;
  const float* qr = q + row * D;
  float m = -INFINITY;
  for (int j = lane; j < T; j += WARP) {
    float s = -INFINITY;
    if (j <= row) {
      s = 0.0f;
      for (int d = 0; d < D; ++d) s += qr[d] * k[j * D + d];
      s *= scale;
    }
    probs[row * T + j] = s;
    m = fmaxf(m, s);
  }
#pragma unroll
  for (int off = WARP / 2; off > 0; off /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
  float sum = 0.0f;
  for (int j = lane; j < T; j += WARP) {
    float e = (j <= row) ? expf(probs[row * T + j] - m) : 0.0f;
    probs[row * T + j] = e;
    sum += e;
  }
#pragma unroll
  for (int off = WARP / 2; off > 0; off /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, off);
  const float inv = 1.0f / sum;
  for (int j = lane; j < T; j += WARP) probs[row * T + j] *= inv;
  if (lane == 0) lse[row] = m + logf(sum);
}
