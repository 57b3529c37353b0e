// cuad: --fn embed_layernorm --wrt out,wte,wpe,ln_w,ln_b
// GPT-2 input stage in the style of karpathy/llm.c (train_gpt2.cu): token + position
// embedding (encoder_forward, one thread per (b, t, c), token ids with repeats so several rows
// read the same wte row) into a residual buffer, then LayerNorm with one block per row and a
// shared-memory tree reduction (llm.c's layernorm_forward_kernel2 shape, BLOCK a template
// argument smaller than C so threads stride over the row). The model dimensions come in a
// struct by value; every buffer is cudaMalloc'ed and freed inside.
#include <cuda_runtime.h>
#include <cstdio>

struct GPT2Config {
  int B;  // batch
  int T;  // sequence length
  int C;  // channels
  int V;  // vocab size
};

__global__ void encoder_forward_kernel(float* out, const int* inp, const float* wte,
                                       const float* wpe, int B, int T, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int N = B * T * C;
  if (idx < N) {
    int bt = idx / C;
    int b = bt / T;
    int t = bt % T;
    int c = idx % C;
    int ix = inp[b * T + t];
    float* out_btc = out + b * T * C + t * C + c;
    const float* wte_ix = wte + ix * C + c;
    const float* wpe_tc = wpe + t * C + c;
    *out_btc = *wte_ix + *wpe_tc;
  }
}

template <int BLOCK>
__global__ void layernorm_forward_kernel(float* __restrict__ out, const float* __restrict__ inp,
                                         const float* __restrict__ weight,
                                         const float* __restrict__ bias, int N, int C) {
  __shared__ float shared[BLOCK];
  int idx = blockIdx.x;  // row
  int tid = threadIdx.x;
  if (idx >= N) return;
  const float* x = inp + idx * C;

  // mean
  float sum = 0.0f;
  for (int i = tid; i < C; i += BLOCK) {
    sum += x[i];
  }
  shared[tid] = sum;
  __syncthreads();
  for (int stride = BLOCK / 2; stride >= 1; stride /= 2) {
    if (tid < stride) {
      shared[tid] += shared[tid + stride];
    }
    __syncthreads();
  }
  float m = shared[0] / C;
  __syncthreads();

  // variance
  sum = 0.0f;
  for (int i = tid; i < C; i += BLOCK) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  shared[tid] = sum;
  __syncthreads();
  for (int stride = BLOCK / 2; stride >= 1; stride /= 2) {
    if (tid < stride) {
      shared[tid] += shared[tid + stride];
    }
    __syncthreads();
  }
  float s = rsqrtf(shared[0] / C + 1e-5f);

  float* o = out + idx * C;
  for (int i = tid; i < C; i += BLOCK) {
    float n = s * (x[i] - m);
    o[i] = n * weight[i] + bias[i];
  }
}

void embed_layernorm(float* out, const int* tokens, const float* wte, const float* wpe,
                     const float* ln_w, const float* ln_b, GPT2Config cfg) {
  const int B = cfg.B, T = cfg.T, C = cfg.C, V = cfg.V;
  int* d_tokens;
  float *d_wte, *d_wpe, *d_lnw, *d_lnb, *d_residual, *d_out;
  cudaMalloc(&d_tokens, B * T * sizeof(int));
  cudaMalloc(&d_wte, V * C * sizeof(float));
  cudaMalloc(&d_wpe, T * C * sizeof(float));
  cudaMalloc(&d_lnw, C * sizeof(float));
  cudaMalloc(&d_lnb, C * sizeof(float));
  cudaMalloc(&d_residual, B * T * C * sizeof(float));
  cudaMalloc(&d_out, B * T * C * sizeof(float));
  cudaMemcpy(d_tokens, tokens, B * T * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wte, wte, V * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wpe, wpe, T * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_lnw, ln_w, C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_lnb, ln_b, C * sizeof(float), cudaMemcpyHostToDevice);

  const int block_size = 64;
  const int N = B * T * C;
  encoder_forward_kernel<<<(N + block_size - 1) / block_size, block_size>>>(
      d_residual, d_tokens, d_wte, d_wpe, B, T, C);
  layernorm_forward_kernel<16><<<B * T, 16>>>(d_out, d_residual, d_lnw, d_lnb, B * T, C);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
  }

  cudaMemcpy(out, d_out, B * T * C * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_tokens);
  cudaFree(d_wte);
  cudaFree(d_wpe);
  cudaFree(d_lnw);
  cudaFree(d_lnb);
  cudaFree(d_residual);
  cudaFree(d_out);
}
