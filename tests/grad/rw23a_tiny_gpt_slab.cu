// cuad: --fn tiny_gpt_loss --wrt params_host
// The skeleton of llm.c's train_gpt2.cu reduced to embedding -> final layernorm -> tied
// output head -> cross-entropy: the parameters are one flat host array uploaded into ONE
// device allocation, and a ParameterTensors struct is pointed into it the way llm.c's
// malloc_and_point_parameters does (sizes filled by a helper, then a loop over an array of
// pointers to the struct's fields, `*(ptrs[i]) = it; it += param_sizes[i];`). The output
// head reuses the token embedding (weight tying), so the token table receives gradient from
// the lookup and from the logits. Per-token losses come back to the host and are averaged.
#include <cuda_runtime.h>
#include <math.h>
#include <stddef.h>
#include <vector>

#define NUM_PARAMETER_TENSORS 4
typedef struct {
  float* wte;   // (V, C)
  float* wpe;   // (maxT, C)
  float* lnfw;  // (C)
  float* lnfb;  // (C)
} ParameterTensors;

static void fill_in_parameter_sizes(size_t* param_sizes, int V, int maxT, int C) {
  param_sizes[0] = (size_t)V * C;
  param_sizes[1] = (size_t)maxT * C;
  param_sizes[2] = C;
  param_sizes[3] = C;
}

static float* malloc_and_point_parameters(ParameterTensors* params, const size_t* param_sizes) {
  size_t num_parameters = 0;
  for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) num_parameters += param_sizes[i];
  float* params_memory;
  cudaMalloc((void**)&params_memory, num_parameters * sizeof(float));
  float** ptrs[] = {&params->wte, &params->wpe, &params->lnfw, &params->lnfb};
  float* params_memory_iterator = params_memory;
  for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) {
    *(ptrs[i]) = params_memory_iterator;
    params_memory_iterator += param_sizes[i];
  }
  return params_memory;
}

// one thread per (b, t): embed, layernorm, then logits against the tied embedding and the loss
__global__ void embed_ln_head_xent(float* __restrict__ losses, const int* __restrict__ tokens,
                                   const int* __restrict__ targets, const float* __restrict__ wte,
                                   const float* __restrict__ wpe, const float* __restrict__ lnfw,
                                   const float* __restrict__ lnfb, int BT, int T, int C, int V) {
  const int bt = blockIdx.x * blockDim.x + threadIdx.x;
  if (bt >= BT) return;
  const int t = bt % T;
  float h[16];
  float mean = 0.0f;
  for (int c = 0; c < C; ++c) {
    h[c] = wte[tokens[bt] * C + c] + wpe[t * C + c];
    mean += h[c];
  }
  mean /= C;
  float var = 0.0f;
  for (int c = 0; c < C; ++c) var += (h[c] - mean) * (h[c] - mean);
  const float rstd = rsqrtf(var / C + 1e-5f);
  for (int c = 0; c < C; ++c) h[c] = (h[c] - mean) * rstd * lnfw[c] + lnfb[c];
  float maxv = -INFINITY;
  for (int v = 0; v < V; ++v) {
    float z = 0.0f;
    for (int c = 0; c < C; ++c) z += h[c] * wte[v * C + c];
    maxv = fmaxf(maxv, z);
  }
  float sum = 0.0f, zt = 0.0f;
  for (int v = 0; v < V; ++v) {
    float z = 0.0f;
    for (int c = 0; c < C; ++c) z += h[c] * wte[v * C + c];
    sum += expf(z - maxv);
    if (v == targets[bt]) zt = z;
  }
  losses[bt] = logf(sum) + maxv - zt;
}

float tiny_gpt_loss(const float* params_host, const int* tokens, const int* targets, int B, int T, int C, int V) {
  size_t param_sizes[NUM_PARAMETER_TENSORS];
  fill_in_parameter_sizes(param_sizes, V, T, C);
  size_t num_parameters = 0;
  for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) num_parameters += param_sizes[i];
  ParameterTensors params;
  float* params_memory = malloc_and_point_parameters(&params, param_sizes);
  cudaMemcpy(params_memory, params_host, num_parameters * sizeof(float), cudaMemcpyHostToDevice);

  int *d_tokens, *d_targets;
  float* d_losses;
  cudaMalloc(&d_tokens, B * T * sizeof(int));
  cudaMalloc(&d_targets, B * T * sizeof(int));
  cudaMalloc(&d_losses, B * T * sizeof(float));
  cudaMemcpy(d_tokens, tokens, B * T * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_targets, targets, B * T * sizeof(int), cudaMemcpyHostToDevice);
  embed_ln_head_xent<<<(B * T + 31) / 32, 32>>>(d_losses, d_tokens, d_targets, params.wte, params.wpe, params.lnfw,
                                                params.lnfb, B * T, T, C, V);
  std::vector<float> losses(B * T);
  cudaMemcpy(losses.data(), d_losses, B * T * sizeof(float), cudaMemcpyDeviceToHost);
  float mean_loss = 0.0f;
  for (int i = 0; i < B * T; ++i) mean_loss += losses[i];
  mean_loss /= B * T;
  cudaFree(params_memory);
  cudaFree(d_tokens);
  cudaFree(d_targets);
  cudaFree(d_losses);
  return mean_loss;
}
