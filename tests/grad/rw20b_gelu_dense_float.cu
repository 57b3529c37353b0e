// cuad: --fn dense_act<float,Gelu<float>> --wrt W,b,x,y
// cuad: fwd --fn dense_act<float,Gelu<float>>
// Library-style device code in float: activation class templates with static members
// (`Gelu<T>::forward`, which uses `Gelu<T>::inner` and `static constexpr` coefficients; a
// `Sigmoid<T>` beside it) and a dense layer kernel over a 2-D launch (rows of the batch on y,
// output features on x, the guard `if (o < out && r < batch)`) whose activation is a template
// argument.
#include <cuda_runtime.h>

template <typename T>
struct Gelu {
  static constexpr T kAlpha = T(0.7978845608028654);  // sqrt(2 / pi)
  static constexpr T kBeta = T(0.044715);
  static __device__ T inner(T x) { return kAlpha * (x + kBeta * x * x * x); }
  static __device__ T forward(T x) { return T(0.5) * x * (T(1) + tanh(inner(x))); }
};

template <typename T>
struct Sigmoid {
  static __device__ T forward(T x) { return T(1) / (T(1) + exp(-x)); }
};

// y[r, o] = Act(sum_k W[o, k] x[r, k] + b[o])
template <typename T, typename Act>
__global__ void dense_act(const T* __restrict__ W, const T* __restrict__ b,
                          const T* __restrict__ x, T* __restrict__ y, int in, int out,
                          int batch) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (o < out && r < batch) {
    T z = b[o];
    for (int k = 0; k < in; ++k) z += W[o * in + k] * x[r * in + k];
    y[r * out + o] = Act::forward(z);
  }
}
