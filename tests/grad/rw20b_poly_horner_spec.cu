// cuad: --fn poly_features<float,4> --wrt coef,x,y
// cuad: fwd --fn poly_features<float,4>
// A compile-time Horner scheme in float, as header-only math libraries write polynomial
// evaluation: `Poly<T, N>::eval(c, x) = c[0] + x * Poly<T, N - 1>::eval(c + 1, x)`, the
// recursion ended by the partial specialization `Poly<T, 1>`, inside a per-channel polynomial
// feature map squashed by a `Sigmoid<T>::forward` class template (grid-stride loop).
#include <cuda_runtime.h>

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
