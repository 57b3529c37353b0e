// cuad: --fn tiny_mlp --wrt x,W,b,y
// cuad: fwd --fn tiny_mlp
// A per-thread 3-layer MLP of width 4: activations ping-pong between two local arrays through
// pointers swapped after each layer, the activation chosen per layer by a
// switch on an integer array (tanh, SiLU with __expf, leaky ReLU away from 0, identity).
#include <cuda_runtime.h>

#define WIDTH 4
#define LAYERS 3

__device__ float activate(int kind, float v) {
  switch (kind) {
    case 0:
      return tanhf(v);
    case 1:
      return v / (1.0f + __expf(-v));
    case 2:
      return v > 0.0f ? v : 0.1f * v;
    default:
      return v;
  }
}

__global__ void tiny_mlp(const float* __restrict__ x, const float* __restrict__ W,
                         const float* __restrict__ b, const int* __restrict__ act, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float buf_a[WIDTH], buf_b[WIDTH];
  float* cur = buf_a;
  float* nxt = buf_b;
#pragma unroll
  for (int k = 0; k < WIDTH; ++k) cur[k] = x[i * WIDTH + k];
  for (int l = 0; l < LAYERS; ++l) {
    const float* Wl = W + l * WIDTH * WIDTH;
    for (int o = 0; o < WIDTH; ++o) {
      float acc = b[l * WIDTH + o];
      for (int k = 0; k < WIDTH; ++k) acc += Wl[o * WIDTH + k] * cur[k];
      nxt[o] = activate(act[l], acc);
    }
    float* t = cur;
    cur = nxt;
    nxt = t;
  }
  float out = 0.0f;
  for (int k = 0; k < WIDTH; ++k) out += cur[k];
  y[i] = out;
}
