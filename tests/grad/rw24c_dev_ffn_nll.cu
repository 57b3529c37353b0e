// cuad: --fn swiglu_ffn --wrt x,w_gate,w_up,w_down,y
// cuad: --fn token_nll
// cuad: fwd --fn token_nll
// Per-token device helpers of a tiny language model's forward kernel: a SwiGLU feed-forward
// block (hidden = silu(x W_gate^T) * (x W_up^T) in a local array, added into the residual y in
// place through W_down) and the next-token negative log-likelihood with a temperature, whose
// log-sum-exp is the one-pass "online" form: a running maximum, and the running sum rescaled
// by exp(old max - new max) when a larger logit arrives. The kernel calls both per token.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_HIDDEN 16

__device__ __forceinline__ float silu(float g) { return g / (1.0f + expf(-g)); }

__device__ void swiglu_ffn(const float* x, const float* w_gate, const float* w_up, const float* w_down,
                           float* y, int C, int H) {
  float hid[MAX_HIDDEN];
  for (int h = 0; h < H; ++h) {
    float g = 0.0f, u = 0.0f;
    for (int c = 0; c < C; ++c) {
      g += w_gate[h * C + c] * x[c];
      u += w_up[h * C + c] * x[c];
    }
    hid[h] = silu(g) * u;
  }
  for (int c = 0; c < C; ++c) {
    float acc = 0.0f;
    for (int h = 0; h < H; ++h) acc += w_down[c * H + h] * hid[h];
    y[c] += acc;
  }
}

__device__ float online_lse(const float* z, int n, float inv_temp) {
  float m = z[0] * inv_temp;
  float s = 1.0f;
  for (int i = 1; i < n; ++i) {
    const float v = z[i] * inv_temp;
    if (v > m) {
      s = s * expf(m - v) + 1.0f;
      m = v;
    } else {
      s += expf(v - m);
    }
  }
  return m + logf(s);
}

__device__ float token_nll(const float* logits, int V, int target, float temperature) {
  const float inv_t = 1.0f / temperature;
  return online_lse(logits, V, inv_t) - logits[target] * inv_t;
}

__global__ void lm_head_loss(const float* __restrict__ logits, const int* __restrict__ targets,
                             float* __restrict__ nll, int T, int V, float temperature) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) nll[t] = token_nll(logits + t * V, V, targets[t], temperature);
}

__global__ void ffn_tokens(const float* __restrict__ x, const float* __restrict__ w_gate,
                           const float* __restrict__ w_up, const float* __restrict__ w_down,
                           float* __restrict__ y, int T, int C, int H) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) swiglu_ffn(x + t * C, w_gate, w_up, w_down, y + t * C, C, H);
}
