// cuad: --fn bias_act --wrt x,bias,slope,y
// cuad: fwd --fn bias_act --wrt x,bias,y
// cuad: --fn gate_f --wrt x,y
// A fused bias + activation kernel of an inference engine whose activation is chosen at run
// time by an `enum class Act : int` in a `switch` (one kernel for every layer), with:
// two namespaces defining a function of the same name (`exact::gelu` with erf,
// `approx::gelu` with the tanh formula), float and double overloads of `softplus` (the float
// one with `__expf`/`log1pf`, used by the float gate kernel of output 3, which also calls the
// double `leaky` with a float argument), a device function with default arguments
// (`leaky(v)` / `leaky(v, slope)`), `constexpr` coefficients
// in a namespace, `using namespace` for one of them inside a helper, and a 2-D launch
// (channels on x, rows on blockIdx.y).
#include <cuda_runtime.h>
#include <cmath>

enum class Act : int { Relu = 0, Leaky = 1, GeluExact = 2, GeluTanh = 3, Softplus = 4, LeakyDefault = 5 };

namespace consts {
constexpr double kInvSqrt2 = 0.70710678118654752440;
constexpr double kSqrt2OverPi = 0.79788456080286535588;
constexpr double kGeluCubic = 0.044715;
}  // namespace consts

namespace exact {
__device__ __forceinline__ double gelu(double v) { return 0.5 * v * (1.0 + erf(v * consts::kInvSqrt2)); }
}  // namespace exact

namespace approx {
__device__ __forceinline__ double gelu(double v) {
  using namespace consts;
  const double u = kSqrt2OverPi * (v + kGeluCubic * v * v * v);
  return 0.5 * v * (1.0 + tanh(u));
}
}  // namespace approx

__device__ inline double softplus(double v) { return v > 20.0 ? v : log1p(exp(v)); }
__device__ inline float softplus(float v) { return v > 20.0f ? v : log1pf(__expf(v)); }

__device__ inline double leaky(double v, double slope = 0.01) { return v > 0.0 ? v : slope * v; }

__device__ double activate(Act act, double v, double slope) {
  switch (act) {
    case Act::Relu:
      return fmax(v, 0.0);
    case Act::Leaky:
      return leaky(v, slope);
    case Act::LeakyDefault:
      return leaky(v);
    case Act::GeluExact:
      return exact::gelu(v);
    case Act::GeluTanh:
      return approx::gelu(v);
    case Act::Softplus:
    default:
      return softplus(v);
  }
}

__global__ void bias_act(const double* __restrict__ x, const double* __restrict__ bias,
                         double slope, double* __restrict__ y, const int* __restrict__ layer_act,
                         int channels) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y;
  if (c >= channels) return;
  const Act act = static_cast<Act>(layer_act[r]);
  const double v = x[r * channels + c] + bias[c];
  y[r * channels + c] = activate(act, v, slope);
}

// A float gating kernel: the float overload of softplus, and leaky(double) with its default.
__global__ void gate_f(const float* __restrict__ x, float* __restrict__ y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float v = x[i];
    y[i] = v * softplus(v) + static_cast<float>(leaky(v));
  }
}
