// cuad: --fn bias_act<double,GeluTanh<double>> --wrt out,in,bias
// Fused bias + activation in the PyTorch-extension style: the activation is a functor template
// (GeluTanh<T>, the tanh approximation with the kAlpha/kBeta constants as static constexpr
// members), the kernel is templated on the element type and the functor, loads two elements at
// a time through double2 (C even), and walks the tensor with a grid-stride loop.
#include <cuda_runtime.h>

template <typename T>
struct GeluTanh {
  static constexpr T kAlpha = T(0.7978845608028654);  // sqrt(2 / pi)
  static constexpr T kBeta = T(0.044715);
  __device__ __forceinline__ T operator()(T x) const {
    const T inner = kAlpha * (x + kBeta * x * x * x);
    return T(0.5) * x * (T(1) + tanh(inner));
  }
};

template <typename T, typename Act>
__global__ void bias_act(T* __restrict__ out, const T* __restrict__ in,
                         const T* __restrict__ bias, int rows, int C, Act act) {
  const int pairs = rows * C / 2;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < pairs; p += gridDim.x * blockDim.x) {
    const int c = (2 * p) % C;
    const double2 v = reinterpret_cast<const double2*>(in)[p];
    const double2 b = *reinterpret_cast<const double2*>(bias + c);
    double2 r;
    r.x = act(v.x + b.x);
    r.y = act(v.y + b.y);
    reinterpret_cast<double2*>(out)[p] = r;
  }
}
