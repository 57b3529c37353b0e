// cuad: --fn greedy_generate --wrt wte,wpe,w_qkv
// Greedy autoregressive decoding of a one-layer, one-head toy model with tied embeddings, as a
// small inference script writes it: per step the token id (kept on the device) selects its
// embedding row, a fused QKV projection follows, k and v are appended to a KV cache at slot t,
// attention runs over slots 0..t (scores in a local array, two-pass softmax), the residual
// stream is projected on the embedding table to get logits, and one warp finds the argmax with
// __shfl_down_sync on (value, index) pairs, writes the next token id and the log-probability
// of the chosen token. The host sums the log-probabilities step by step and returns them.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_T 8
#define FULL_MASK 0xffffffffu

__global__ void step_embed(float* __restrict__ x, const int* __restrict__ tok, int t,
                           const float* __restrict__ wte, const float* __restrict__ wpe, int C) {
  const int c = threadIdx.x;
  if (c < C) x[c] = wte[tok[t] * C + c] + wpe[t * C + c];
}

__global__ void qkv_proj(float* __restrict__ qkv, const float* __restrict__ x,
                         const float* __restrict__ w, int C) {
  const int r = threadIdx.x;
  if (r >= 3 * C) return;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) acc += w[r * C + c] * x[c];
  qkv[r] = acc;
}

__global__ void cache_append(float* __restrict__ k_cache, float* __restrict__ v_cache,
                             const float* __restrict__ qkv, int t, int C) {
  const int c = threadIdx.x;
  if (c >= C) return;
  k_cache[t * C + c] = qkv[C + c];
  v_cache[t * C + c] = qkv[2 * C + c];
}

__global__ void attend(float* __restrict__ y, const float* __restrict__ qkv,
                       const float* __restrict__ k_cache, const float* __restrict__ v_cache, int t, int C) {
  const int c = threadIdx.x;
  if (c >= C) return;
  float sc[MAX_T];
  float mx = -1e30f;
  const float scale = rsqrtf((float)C);
  for (int j = 0; j <= t; ++j) {
    float s = 0.0f;
    for (int e = 0; e < C; ++e) s += qkv[e] * k_cache[j * C + e];
    sc[j] = s * scale;
    mx = fmaxf(mx, sc[j]);
  }
  float den = 0.0f;
  for (int j = 0; j <= t; ++j) {
    sc[j] = expf(sc[j] - mx);
    den += sc[j];
  }
  float acc = 0.0f;
  for (int j = 0; j <= t; ++j) acc += sc[j] * v_cache[j * C + c];
  y[c] = acc / den;
}

__global__ void tied_logits(float* __restrict__ logits, const float* __restrict__ x,
                            const float* __restrict__ y, const float* __restrict__ wte, int V, int C) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= V) return;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) acc += (x[c] + y[c]) * wte[v * C + c];
  logits[v] = acc;
}

__global__ void argmax_logprob(int* __restrict__ tok, float* __restrict__ logprob,
                               const float* __restrict__ logits, int t, int V) {
  const int lane = threadIdx.x;
  float best = -INFINITY;
  int best_i = 0;
  for (int v = lane; v < V; v += 32) {
    if (logits[v] > best) {
      best = logits[v];
      best_i = v;
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    const float ob = __shfl_down_sync(FULL_MASK, best, o);
    const int oi = __shfl_down_sync(FULL_MASK, best_i, o);
    if (ob > best) {
      best = ob;
      best_i = oi;
    }
  }
  best = __shfl_sync(FULL_MASK, best, 0);
  best_i = __shfl_sync(FULL_MASK, best_i, 0);
  float se = 0.0f;
  for (int v = lane; v < V; v += 32) se += expf(logits[v] - best);
  for (int o = 16; o > 0; o >>= 1) se += __shfl_xor_sync(FULL_MASK, se, o);
  if (lane == 0) {
    tok[t + 1] = best_i;
    logprob[t] = -logf(se);
  }
}

float greedy_generate(const int* prompt, const float* wte, const float* wpe, const float* w_qkv,
                      int* out_tokens, int n_steps, int V, int C) {
  int* d_tok;
  float *d_wte, *d_wpe, *d_w, *d_x, *d_qkv, *d_k, *d_v, *d_y, *d_logits, *d_lp;
  cudaMalloc(&d_tok, (n_steps + 1) * sizeof(int));
  cudaMalloc(&d_wte, V * C * sizeof(float));
  cudaMalloc(&d_wpe, n_steps * C * sizeof(float));
  cudaMalloc(&d_w, 3 * C * C * sizeof(float));
  cudaMalloc(&d_x, C * sizeof(float));
  cudaMalloc(&d_qkv, 3 * C * sizeof(float));
  cudaMalloc(&d_k, n_steps * C * sizeof(float));
  cudaMalloc(&d_v, n_steps * C * sizeof(float));
  cudaMalloc(&d_y, C * sizeof(float));
  cudaMalloc(&d_logits, V * sizeof(float));
  cudaMalloc(&d_lp, n_steps * sizeof(float));
  cudaMemcpy(d_tok, prompt, sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wte, wte, V * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wpe, wpe, n_steps * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w_qkv, 3 * C * C * sizeof(float), cudaMemcpyHostToDevice);

  float total = 0.0f;
  for (int t = 0; t < n_steps; ++t) {
    step_embed<<<1, 32>>>(d_x, d_tok, t, d_wte, d_wpe, C);
    qkv_proj<<<1, 32>>>(d_qkv, d_x, d_w, C);
    cache_append<<<1, 32>>>(d_k, d_v, d_qkv, t, C);
    attend<<<1, 32>>>(d_y, d_qkv, d_k, d_v, t, C);
    tied_logits<<<(V + 31) / 32, 32>>>(d_logits, d_x, d_y, d_wte, V, C);
    argmax_logprob<<<1, 32>>>(d_tok, d_lp, d_logits, t, V);
    float lp;
    cudaMemcpy(&lp, d_lp + t, sizeof(float), cudaMemcpyDeviceToHost);
    total += lp;
  }
  cudaMemcpy(out_tokens, d_tok, (n_steps + 1) * sizeof(int), cudaMemcpyDeviceToHost);

  cudaFree(d_tok);
  cudaFree(d_wte);
  cudaFree(d_wpe);
  cudaFree(d_w);
  cudaFree(d_x);
  cudaFree(d_qkv);
  cudaFree(d_k);
  cudaFree(d_v);
  cudaFree(d_y);
  cudaFree(d_logits);
  cudaFree(d_lp);
  return total;
}
