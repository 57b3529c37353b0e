// cuad: --fn mlp_forward<4> --wrt net,x,y
// cuad: fwd --fn mlp_forward<4> --wrt net,x,y
// A tiny coordinate MLP (2 -> H -> H -> H -> 1) evaluated one point per thread, with all
// weights in one struct template passed to the kernel by value: its fields are fixed arrays
// (2-D and 1-D), and an array of `Dense<H>` layer structs (each with its own 2-D weight
// array, bias array and a plain `enum` activation tag). The activation is a switch with a
// `default:` sharing a case label, and a softplus case with its own early return; a
// function template applies a layer from one local array into another through array
// references, and the kernel overwrites its hidden state layer by layer.
#include <cuda_runtime.h>

enum Act { ACT_TANH, ACT_SOFTPLUS, ACT_SILU, ACT_IDENTITY };

template <int H>
struct Dense {
  float W[H][H];
  float b[H];
  Act act;
};

template <int H>
struct Mlp {
  float in_w[H][2];
  float in_b[H];
  Dense<H> hidden[2];
  float out_w[H];
  float out_b;
};

__device__ float activate(Act a, float v) {
  switch (a) {
    case ACT_TANH:
      return tanhf(v);
    case ACT_SOFTPLUS:
      if (v > 15.0f) return v;
      return log1pf(expf(v));
    case ACT_SILU:
      return v / (1.0f + expf(-v));
    case ACT_IDENTITY:
    default:
      return v;
  }
}

template <int H>
__device__ void dense_apply(const Dense<H>& L, const float (&in)[H], float (&out)[H]) {
  for (int i = 0; i < H; ++i) {
    float s = L.b[i];
#pragma unroll
    for (int j = 0; j < H; ++j) s += L.W[i][j] * in[j];
    out[i] = activate(L.act, s);
  }
}

template <int H>
__global__ void mlp_forward(Mlp<H> net, const float* __restrict__ x, float* __restrict__ y, int n) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  float h[H], g[H];
  for (int i = 0; i < H; ++i) h[i] = tanhf(net.in_w[i][0] * x[2 * p] + net.in_w[i][1] * x[2 * p + 1] + net.in_b[i]);
  for (int l = 0; l < 2; ++l) {
    dense_apply<H>(net.hidden[l], h, g);
    for (int i = 0; i < H; ++i) h[i] = g[i];
  }
  float out = net.out_b;
  for (int i = 0; i < H; ++i) out += net.out_w[i] * h[i];
  y[p] = out;
}
