// cuad: --fn mlp_unit<double>
// cuad: --fn swiglu_mlp_fwd<double,4> --wrt out,x,w_gate,w_up,b_gate,b_up,w_down
// cuad: fwd --fn swiglu_mlp_fwd<float,4> --wrt out,x,w_gate,w_up,b_gate,b_up,w_down
// A gated MLP block (LLaMA-style SwiGLU, with a GELU option as in GPT-2's MLP): one block per
// token (blockIdx.y), one thread per hidden unit. The token's input row is staged in shared
// memory; each thread computes its gate pre-activation with a templated __device__ helper
// (`mlp_unit<T>`: bias + dot product, then the activation picked by an `enum class` switch:
// tanh-GELU, SiLU or squared ReLU), the linear "up" projection, their product, and adds its
// contribution to the KV-wide output row with atomicAdd (a split-K down projection into an
// output that already holds the residual stream). Templated on the element type and on the
// output width.
#include <cuda_runtime.h>
#include <math.h>

enum class Act { Gelu, Silu, Relu2 };

constexpr int kMaxK = 64;

template <typename T>
__device__ __forceinline__ T gelu_tanh(T x) {
  const T c = T(0.7978845608028654);  // sqrt(2 / pi)
  const T u = c * (x + T(0.044715) * x * x * x);
  return T(0.5) * x * (T(1) + tanh(u));
}

template <typename T>
__device__ __forceinline__ T silu(T x) {
  return x / (T(1) + exp(-x));
}

template <typename T>
__device__ T mlp_unit(const T* __restrict__ x, const T* __restrict__ w, T b, int K, Act act) {
  T acc = b;
  for (int k = 0; k < K; ++k) acc += x[k] * w[k];
  switch (act) {
    case Act::Gelu:
      return gelu_tanh(acc);
    case Act::Silu:
      return silu(acc);
    default:
      return acc > T(0) ? acc * acc : T(0);
  }
}

template <typename T, int KV>
__global__ void swiglu_mlp_fwd(T* __restrict__ out, const T* __restrict__ x, const T* __restrict__ w_gate,
                               const T* __restrict__ w_up, const T* __restrict__ b_gate,
                               const T* __restrict__ b_up, const T* __restrict__ w_down, int K, int H,
                               Act act) {
  __shared__ T xs[kMaxK];
  const int b = blockIdx.y;
  const int h = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = threadIdx.x; k < K; k += blockDim.x) xs[k] = x[b * K + k];
  __syncthreads();
  if (h >= H) return;
  const T g = mlp_unit(xs, w_gate + h * K, b_gate[h], K, act);
  T u = b_up[h];
  for (int k = 0; k < K; ++k) u += xs[k] * w_up[h * K + k];
  const T hv = g * u;
#pragma unroll
  for (int j = 0; j < KV; ++j) atomicAdd(&out[b * KV + j], hv * w_down[h * KV + j]);
}
