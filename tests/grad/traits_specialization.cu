// cuad: --fn rms<float> --wrt x,out
// cuad: --fn rms<double> --wrt x,out
// cuad: fwd --fn rms<float> --wrt x,out
// Accumulator traits as in PyTorch's acc_type and CUB's traits: a class template whose explicit
// specializations pick a wider accumulator (float accumulates in double) and a per-type
// constant (the unroll factor). The kernel names them through `typename Acc<T>::type` in a local
// alias, a helper's return type and `Acc<T>::kTaps` as a loop bound; each instance must use its
// own specialization.
#include <cuda_fp16.h>

template <typename T>
struct Acc {
  using type = T;
  static constexpr int kTaps = 1;
};
template <>
struct Acc<float> {
  using type = double;
  static constexpr int kTaps = 2;
};
template <>
struct Acc<__half> {
  typedef float type;
};

template <typename T>
__device__ typename Acc<T>::type widen(T x) {
  return static_cast<typename Acc<T>::type>(x);
}

// out[i] = sqrt(1 + 0.5 * sum_k x[i+k]^2), k < kTaps, accumulated in Acc<T>::type
template <typename T>
__global__ void rms(const T* __restrict__ x, T* __restrict__ out, int n) {
  using acc_t = typename Acc<T>::type;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  acc_t s = 0;
#pragma unroll
  for (int k = 0; k < Acc<T>::kTaps; ++k) {
    acc_t v = widen(x[(i + k) % n]);
    s += v * v * acc_t(0.5);
  }
  out[i] = static_cast<T>(sqrt(s + acc_t(1)) * (sizeof(acc_t) == 8 ? 1.0 : 2.0));
}
