// cuad: --fn generate_score --wrt wte,w_mix
// cuad: fwd --fn generate_score --wrt wte,w_mix
// Greedy generation with the sampling done on the host, as a simple inference loop does it:
// per step the device embeds the current token, mixes it with a running state (an exponential
// moving average kept on the device, updated in place, a tiny linear-attention-like memory),
// and projects the channel-shifted state onto the tied embedding table. The logits come back into a
// std::vector; the host computes the log-softmax with std::exp/std::log, picks the argmax,
// adds its log-probability to the score, writes the token id into the device token buffer
// with cudaMemcpy, and stops early when the end-of-sequence token comes out.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

__global__ void embed_mix(float* __restrict__ state, const int* __restrict__ tokens, int t,
                          const float* __restrict__ wte, const float* __restrict__ w_mix, int C) {
  const int c = threadIdx.x;
  if (c >= C) return;
  const float e = wte[tokens[t] * C + c];
  const float g = 1.0f / (1.0f + expf(-w_mix[c]));  // per-channel decay
  state[c] = g * state[c] + (1.0f - g) * tanhf(e);
}

__global__ void tied_head(float* __restrict__ logits, const float* __restrict__ state,
                          const float* __restrict__ wte, int V, int C) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= V) return;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) acc += state[(c + 1) % C] * wte[v * C + c];  // channel shift
  logits[v] = 4.0f * acc;
}

float generate_score(const float* wte, const float* w_mix, int first_token, int eos, int max_steps, int V, int C,
                     int* n_generated) {
  int* d_tokens;
  float *d_wte, *d_mix, *d_state, *d_logits;
  cudaMalloc(&d_tokens, (max_steps + 1) * sizeof(int));
  cudaMalloc(&d_wte, V * C * sizeof(float));
  cudaMalloc(&d_mix, C * sizeof(float));
  cudaMalloc(&d_state, C * sizeof(float));
  cudaMalloc(&d_logits, V * sizeof(float));
  cudaMemcpy(d_wte, wte, V * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mix, w_mix, C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_state, 0, C * sizeof(float));
  cudaMemcpy(d_tokens, &first_token, sizeof(int), cudaMemcpyHostToDevice);

  std::vector<float> logits(V);
  float score = 0.0f;
  int steps = 0;
  for (int t = 0; t < max_steps; ++t) {
    embed_mix<<<1, 32>>>(d_state, d_tokens, t, d_wte, d_mix, C);
    tied_head<<<(V + 31) / 32, 32>>>(d_logits, d_state, d_wte, V, C);
    cudaMemcpy(logits.data(), d_logits, V * sizeof(float), cudaMemcpyDeviceToHost);
    int best = 0;
    for (int v = 1; v < V; ++v)
      if (logits[v] > logits[best]) best = v;
    float se = 0.0f;
    for (int v = 0; v < V; ++v) se += std::exp(logits[v] - logits[best]);
    score += -std::log(se);  // log-probability of the argmax
    cudaMemcpy(d_tokens + t + 1, &best, sizeof(int), cudaMemcpyHostToDevice);
    ++steps;
    if (best == eos) break;
  }
  *n_generated = steps;
  cudaFree(d_tokens);
  cudaFree(d_wte);
  cudaFree(d_mix);
  cudaFree(d_state);
  cudaFree(d_logits);
  return score;
}
