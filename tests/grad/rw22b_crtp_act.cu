// cuad: --fn bias_act<Swish> --wrt x,bias,act,y
// cuad: --fn bias_act<GeluTanh> --wrt x,bias,y
// cuad: fwd --fn bias_act<Swish> --wrt x,bias,act,y
// Written for cuad in the style of fused bias + activation epilogues in inference libraries
// that select the activation with CRTP: `ActivationBase<Derived>` provides `operator()`,
// which calls `static_cast<const Derived&>(*this).eval(x)`; `Swish` (a learnable beta
// field) and `GeluTanh` (constexpr coefficients) derive from it. The kernel template over
// the activation type applies it to rows x cols with a per-column bias, with `std::exp` and
// `std::tanh` float overloads, a `__forceinline__` helper and a `[[maybe_unused]]` row index.
#include <cmath>

template <class Derived>
struct ActivationBase {
  __device__ __forceinline__ float operator()(float x) const {
    return static_cast<const Derived&>(*this).eval(x);
  }
};

struct Swish : ActivationBase<Swish> {
  float beta;
  __device__ float eval(float x) const { return x / (1.0f + std::exp(-beta * x)); }
};

struct GeluTanh : ActivationBase<GeluTanh> {
  static constexpr float kAlpha = 0.7978845608f;  // sqrt(2 / pi)
  static constexpr float kCubic = 0.044715f;
  __device__ float eval(float x) const {
    return 0.5f * x * (1.0f + std::tanh(kAlpha * (x + kCubic * x * x * x)));
  }
};

template <class Act>
__global__ void bias_act(const float* __restrict__ x, const float* __restrict__ bias,
                         Act act, float* __restrict__ y, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  [[maybe_unused]] const int row = i / cols;
  const int col = i % cols;
  y[i] = act(x[i] + bias[col]);
}
