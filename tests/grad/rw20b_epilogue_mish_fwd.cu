// cuad: fwd --fn bias_act<Mish>
// The forward mode of rw20b_epilogue_mish's `bias_act<Mish>` (same code): `Mish::apply` calls
// `Tanh::apply` and `Softplus::apply`, three static members that share one name.
// A GEMM epilogue in the style of CUTLASS / cuDNN frontends: `out = Act::apply(alpha * acc +
// bias[col])` over a row-major tile, with the activation a stateless policy whose
// `static __device__ apply` is picked by the template argument. Policies reuse each other:
// `Mish::apply(x) = x * Tanh::apply(Softplus::apply(x))` calls two other policies' `apply` in
// one expression (every policy's member is named `apply`).
#include <cuda_runtime.h>

namespace act {
struct Softplus {
  static __device__ double apply(double x) { return log1p(exp(-fabs(x))) + fmax(x, 0.0); }
};
struct Tanh {
  static __device__ double apply(double x) { return tanh(x); }
};
struct Mish {
  static __device__ double apply(double x) { return x * Tanh::apply(Softplus::apply(x)); }
};
}  // namespace act

using act::Mish;
using act::Softplus;

template <typename Act>
__global__ void bias_act(const double* __restrict__ acc, const double* __restrict__ bias,
                         double* __restrict__ out, double alpha, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols) {
    const int col = i % cols;
    out[i] = Act::apply(alpha * acc[i] + bias[col]);
  }
}
