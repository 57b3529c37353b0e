// cuad: --fn bias_gelu_strided_kernel<double,double> --wrt out,in,bias
// cuad: --fn bias_gelu_strided_kernel<float,double> --wrt out,in,bias
// A PyTorch C++/CUDA extension elementwise kernel (written without torch headers): a bias is
// broadcast over the channel dimension of an (N, C, inner) tensor whose input is NOT
// contiguous (a permuted NHWC view read through explicit int64 strides stride0/1/2), then a
// tanh-GELU is applied. The kernel is templated on scalar_t and its accumulation type
// (PyTorch's `template <typename scalar_t, typename accscalar_t>` style; float accumulates in
// double here),
// iterates with the CUDA_KERNEL_LOOP macro over int64 indices, recovers (n, c, s) with
// `/ inner % C`, and uses __launch_bounds__(256) and static_cast<accscalar_t> conversions.
#include <cuda_runtime.h>
#include <cstdint>

#define CUDA_KERNEL_LOOP(i, n)                                                       \
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (n); \
       i += (int64_t)blockDim.x * gridDim.x)

template <typename acc_t>
__device__ __forceinline__ acc_t gelu_tanh(acc_t x) {
  constexpr acc_t kBeta = static_cast<acc_t>(0.7978845608028654);  // sqrt(2 / pi)
  constexpr acc_t kKappa = static_cast<acc_t>(0.044715);
  const acc_t inner = kBeta * (x + kKappa * x * x * x);
  return static_cast<acc_t>(0.5) * x * (static_cast<acc_t>(1) + tanh(inner));
}

template <typename scalar_t, typename accscalar_t>
__global__ void __launch_bounds__(256)
    bias_gelu_strided_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ in,
                             const scalar_t* __restrict__ bias, int64_t N, int64_t C,
                             int64_t inner, int64_t stride0, int64_t stride1, int64_t stride2) {
  const int64_t numel = N * C * inner;
  CUDA_KERNEL_LOOP(idx, numel) {
    const int64_t s = idx % inner;
    const int64_t c = (idx / inner) % C;
    const int64_t n = idx / (inner * C);
    const int64_t off = n * stride0 + c * stride1 + s * stride2;
    const accscalar_t x = static_cast<accscalar_t>(in[off]) + static_cast<accscalar_t>(bias[c]);
    out[idx] = static_cast<scalar_t>(gelu_tanh(x));
  }
}
