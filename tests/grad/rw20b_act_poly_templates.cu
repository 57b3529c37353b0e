// cuad: --fn dense_act<float,Gelu<float>> --wrt W,b,x,y
// cuad: fwd --fn dense_act<float,Gelu<float>>
// cuad: --fn poly_features<float,4> --wrt coef,x,y
// cuad: fwd --fn poly_features<float,4>
// Library-style device code in float: activation class templates with static members
// (`Gelu<T>::forward`, which uses `Gelu<T>::inner` and a `static constexpr` coefficient), a
// dense layer kernel over a 2-D launch (rows of the batch on y, output features on x) whose
// activation is a template argument, and a compile-time Horner scheme `Poly<T, N>::eval`
// recursing over a partial specialization `Poly<T, 1>` (polynomial feature maps).
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

template <typename T, int N>
struct Poly {
  static __device__ T eval(const T* c, T x) { return c[0] + x * Poly<T, N - 1>::eval(c + 1, x); }
};
template <typename T>
struct Poly<T, 1> {
  static __device__ T eval(const T* c, T) { return c[0]; }
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

// Per-channel polynomial feature: y[i] = Sigmoid(P_c(x[i])), c = i % channels, coefficients
// coef[c * N .. c * N + N).
template <typename T, int N>
__global__ void poly_features(const T* __restrict__ coef, const T* __restrict__ x,
                              T* __restrict__ y, int n, int channels) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const int c = i % channels;
    y[i] = Sigmoid<T>::forward(Poly<T, N>::eval(coef + c * N, x[i]));
  }
}
