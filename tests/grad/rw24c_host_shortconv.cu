// cuad: --fn short_conv_stack --wrt x,conv_w,conv_b,gate_w
// cuad: fwd --fn short_conv_stack --wrt x,conv_w,conv_b,gate_w
// The "short convolution" token mixer of hybrid transformer blocks (Hyena/Mamba-style causal
// depthwise conv1d over the sequence, kernel width 4), run as a stack of layers from the host:
// activations in PyTorch's Conv1d (C, T) layout, one thread per (channel, token) reads its
// channel at tokens t, t-1, t-2, t-3 (zero before the sequence start), adds a bias, applies SiLU and a per-channel gate, and adds the result
// to the residual stream. Layers ping-pong between two device buffers with std::swap; the
// last one is copied back over the caller's array.
#include <cuda_runtime.h>
#include <math.h>
#include <utility>

#define KW 4

__global__ void causal_dwconv_silu(float* __restrict__ out, const float* __restrict__ in,
                                   const float* __restrict__ w, const float* __restrict__ b,
                                   const float* __restrict__ gate, int T, int C) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= T * C) return;
  const int c = idx / T, t = idx % T;  // PyTorch Conv1d layout (C, T)
  float acc = b[c];
#pragma unroll
  for (int k = 0; k < KW; ++k)
    if (t - k >= 0) acc += w[c * KW + k] * in[idx - k];
  const float act = acc / (1.0f + expf(-acc));
  out[idx] = in[idx] + gate[c] * act;
}

void short_conv_stack(float* x, const float* conv_w, const float* conv_b, const float* gate_w, int T, int C,
                      int n_layers) {
  const int n = T * C;
  float *d_a, *d_b, *d_w, *d_bias, *d_g;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_b, n * sizeof(float));
  cudaMalloc(&d_w, n_layers * C * KW * sizeof(float));
  cudaMalloc(&d_bias, n_layers * C * sizeof(float));
  cudaMalloc(&d_g, n_layers * C * sizeof(float));
  cudaMemcpy(d_a, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, conv_w, n_layers * C * KW * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bias, conv_b, n_layers * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_g, gate_w, n_layers * C * sizeof(float), cudaMemcpyHostToDevice);
  for (int l = 0; l < n_layers; ++l) {
    causal_dwconv_silu<<<(n + 63) / 64, 64>>>(d_b, d_a, d_w + l * C * KW, d_bias + l * C, d_g + l * C, T, C);
    std::swap(d_a, d_b);
  }
  cudaMemcpy(x, d_a, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_w);
  cudaFree(d_bias);
  cudaFree(d_g);
}
