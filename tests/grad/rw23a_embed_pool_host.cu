// cuad: --fn embed_and_pool --wrt wte,wpe,out
// Token + position embedding (llm.c's encoder_forward, vectorised with float4) followed by a
// mean-pool over the sequence and a squared-norm penalty finished on the host, as a small
// host function does it: the token ids (int) and both tables are copied to fresh device
// buffers, the float buffers are handed to the encoder kernel reinterpret_cast to float4*,
// the token ids are read through __ldg, the pooled vectors come back into a std::vector, and
// the embedded sequence is copied back into the caller's `out`. Tokens repeat, so the
// gradient scatters several rows into one row of the token table.
#include <cuda_runtime.h>
#include <vector>

__global__ void encoder_forward_vec4(float4* __restrict__ out, const int* __restrict__ inp,
                                     const float4* __restrict__ wte, const float4* __restrict__ wpe,
                                     int B, int T, int C4) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * T * C4) return;
  const int bt = idx / C4;
  const int t = bt % T;
  const int c4 = idx % C4;
  const int ix = __ldg(inp + bt);
  const float4 a = wte[ix * C4 + c4];
  const float4 p = wpe[t * C4 + c4];
  out[idx] = make_float4(a.x + p.x, a.y + p.y, a.z + p.z, a.w + p.w);
}

__global__ void mean_pool(const float* __restrict__ x, float* __restrict__ pooled, int T, int C) {
  const int b = blockIdx.x;
  for (int c = threadIdx.x; c < C; c += blockDim.x) {
    float s = 0.0f;
    for (int t = 0; t < T; ++t) s += x[(b * T + t) * C + c];
    pooled[b * C + c] = s / T;
  }
}

float embed_and_pool(const int* tokens, const float* wte, const float* wpe, float* out, int B, int T, int C,
                     int V, float penalty) {
  int* d_tok;
  float *d_wte, *d_wpe, *d_out, *d_pool;
  cudaMalloc(&d_tok, B * T * sizeof(int));
  cudaMalloc(&d_wte, V * C * sizeof(float));
  cudaMalloc(&d_wpe, T * C * sizeof(float));
  cudaMalloc(&d_out, B * T * C * sizeof(float));
  cudaMalloc(&d_pool, B * C * sizeof(float));
  cudaMemcpy(d_tok, tokens, B * T * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wte, wte, V * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wpe, wpe, T * C * sizeof(float), cudaMemcpyHostToDevice);

  const int C4 = C / 4;
  const int n4 = B * T * C4;
  const int block = 64;
  encoder_forward_vec4<<<(n4 + block - 1) / block, block>>>(reinterpret_cast<float4*>(d_out), d_tok,
                                                             reinterpret_cast<const float4*>(d_wte),
                                                             reinterpret_cast<const float4*>(d_wpe), B, T, C4);
  mean_pool<<<B, 32>>>(d_out, d_pool, T, C);

  std::vector<float> pooled(B * C);
  cudaMemcpy(pooled.data(), d_pool, B * C * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(out, d_out, B * T * C * sizeof(float), cudaMemcpyDeviceToHost);
  float loss = 0.0f;
  for (int i = 0; i < B * C; ++i) loss += 0.5f * penalty * pooled[i] * pooled[i];

  cudaFree(d_tok);
  cudaFree(d_wte);
  cudaFree(d_wpe);
  cudaFree(d_out);
  cudaFree(d_pool);
  return loss;
}
