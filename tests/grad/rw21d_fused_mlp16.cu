// cuad: --fn fused_mlp_forward<16,1,Activation::Softplus> --wrt input,weights,output
// cuad: fwd --fn fused_mlp_forward<16,1,Activation::Softplus>
// A "fully fused" MLP in the spirit of tiny-cuda-nn's FullyFusedMLP, written in plain float
// CUDA (no tensor cores): the block first stages every layer's weights (one flat buffer:
// input layer [WIDTH x in_dim], N_HIDDEN layers [WIDTH x WIDTH], output layer [out_dim x WIDTH])
// in shared memory, then each thread runs one sample through the network with the 16-wide
// hidden activations held in registers (#pragma unroll over WIDTH), the activation picked at
// compile time by an enum template argument. Threads past the batch leave after the barrier.
#include <cuda_runtime.h>

enum class Activation { ReLU, Softplus, Tanh, None };

template <Activation ACT>
__device__ __forceinline__ float activate(float x) {
  switch (ACT) {
    case Activation::ReLU: return x > 0.0f ? x : 0.0f;
    case Activation::Softplus: return logf(1.0f + expf(x));
    case Activation::Tanh: return tanhf(x);
    default: return x;
  }
}

template <int WIDTH, int N_HIDDEN, Activation ACT>
__global__ void fused_mlp_forward(const float* __restrict__ input,
                                  const float* __restrict__ weights, float* __restrict__ output,
                                  int batch, int in_dim, int out_dim) {
  extern __shared__ float w_smem[];
  const int n_weights = WIDTH * in_dim + N_HIDDEN * WIDTH * WIDTH + out_dim * WIDTH;
  for (int k = threadIdx.x; k < n_weights; k += blockDim.x) w_smem[k] = weights[k];
  __syncthreads();

  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= batch) return;

  float act[WIDTH];
  const float* x = input + i * in_dim;
  const float* w = w_smem;
#pragma unroll
  for (int j = 0; j < WIDTH; ++j) {
    float acc = 0.0f;
    for (int k = 0; k < in_dim; ++k) acc += w[j * in_dim + k] * x[k];
    act[j] = activate<ACT>(acc);
  }
  w += WIDTH * in_dim;

  for (int l = 0; l < N_HIDDEN; ++l) {
    float next[WIDTH];
#pragma unroll
    for (int j = 0; j < WIDTH; ++j) {
      float acc = 0.0f;
#pragma unroll
      for (int k = 0; k < WIDTH; ++k) acc += w[j * WIDTH + k] * act[k];
      next[j] = activate<ACT>(acc);
    }
#pragma unroll
    for (int j = 0; j < WIDTH; ++j) act[j] = next[j];
    w += WIDTH * WIDTH;
  }

  for (int o = 0; o < out_dim; ++o) {
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < WIDTH; ++k) acc += w[o * WIDTH + k] * act[k];
    output[i * out_dim + o] = acc;
  }
}
