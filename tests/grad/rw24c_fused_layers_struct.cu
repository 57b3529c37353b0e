// cuad: --fn fused_token_mlp --wrt x,model,y
// cuad: fwd --fn fused_token_mlp --wrt x,model,y
// A "fully fused" per-token network for a tiny transformer-side module (e.g. a router or a
// value head): the kernel receives the whole model as one struct by value, with an array of
// per-layer structs inside it, each holding device pointers to that layer's weights (the way
// a launch packs a kernel-parameter struct), and every thread pushes its token through the
// layers in a local activation buffer: RMSNorm, a linear map, a GELU-tanh, a residual add.
#include <cuda_runtime.h>
#include <math.h>

#define WIDTH 6
#define MAX_LAYERS 3

struct LayerW {
  const float* norm;  // WIDTH
  const float* w;     // WIDTH x WIDTH
  const float* b;     // WIDTH
};

struct Model {
  LayerW layers[MAX_LAYERS];
  int n_layers;
  float eps;
};

__device__ __forceinline__ float gelu_tanh(float v) {
  return 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

__device__ void layer_forward(const LayerW& L, float* h, float eps) {
  float ss = 0.0f;
  for (int i = 0; i < WIDTH; ++i) ss += h[i] * h[i];
  const float r = rsqrtf(ss / WIDTH + eps);
  float n[WIDTH];
  for (int i = 0; i < WIDTH; ++i) n[i] = h[i] * r * L.norm[i];
  for (int o = 0; o < WIDTH; ++o) {
    float acc = L.b[o];
    for (int i = 0; i < WIDTH; ++i) acc += L.w[o * WIDTH + i] * n[i];
    h[o] += gelu_tanh(acc);
  }
}

__global__ void fused_token_mlp(const float* __restrict__ x, Model model, float* __restrict__ y, int T) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  float h[WIDTH];
  for (int i = 0; i < WIDTH; ++i) h[i] = x[t * WIDTH + i];
  for (int l = 0; l < model.n_layers; ++l) layer_forward(model.layers[l], h, model.eps);
  for (int i = 0; i < WIDTH; ++i) y[t * WIDTH + i] = h[i];
}
