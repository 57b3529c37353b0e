// cuad: --fn sparse::csr_rownorm_spmv<float> --wrt val,x,y
// cuad: --fn sparse::csr_rownorm_spmv<double,16> --wrt val,x,y
// cuad: fwd --fn sparse::csr_rownorm_spmv<double,16> --wrt val,x,y
// Row-L2-normalised sparse aggregation y = N(A) x, with N(A)_ij = a_ij / sqrt(eps + sum_k
// a_ik^2), written the way a templated sparse library is: a `sparse` namespace with a
// `detail` namespace of helpers, a traits class specialised for float and double (epsilon,
// rsqrt through the right intrinsic, a fused multiply-add) with static member functions,
// overloaded helpers for the two types, a kernel template with a defaulted warp-width
// parameter (sub-warp groups of WARP lanes per row) and `if constexpr` on the width.
#include <cuda_runtime.h>
#include <math.h>

namespace sparse {
namespace detail {

template <typename T>
struct Traits;

template <>
struct Traits<float> {
  static constexpr float eps = 1e-6f;
  __device__ static float rsqrt(float v) { return rsqrtf(v); }
  __device__ static float fma(float a, float b, float c) { return fmaf(a, b, c); }
};

template <>
struct Traits<double> {
  static constexpr double eps = 1e-12;
  __device__ static double rsqrt(double v) { return ::rsqrt(v); }
  __device__ static double fma(double a, double b, double c) { return ::fma(a, b, c); }
};

__device__ __forceinline__ float shfl_xor(float v, int m, int w) { return __shfl_xor_sync(0xffffffffu, v, m, w); }
__device__ __forceinline__ double shfl_xor(double v, int m, int w) { return __shfl_xor_sync(0xffffffffu, v, m, w); }

template <typename T, int WARP>
__device__ __forceinline__ T group_sum(T v) {
#pragma unroll
  for (int m = WARP / 2; m > 0; m >>= 1) v += shfl_xor(v, m, WARP);
  return v;
}

}  // namespace detail

template <typename T, int WARP = 32>
__global__ void csr_rownorm_spmv(int rows, const int* __restrict__ rp, const int* __restrict__ col,
                                 const T* __restrict__ val, const T* __restrict__ x, T* __restrict__ y) {
  using Tr = detail::Traits<T>;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gid / WARP;
  const int lane = gid % WARP;
  if (row >= rows) return;
  const int beg = rp[row], end = rp[row + 1];
  T sq = T(0), dot = T(0);
  for (int k = beg + lane; k < end; k += WARP) {
    const T a = val[k];
    sq = Tr::fma(a, a, sq);
    dot = Tr::fma(a, __ldg(&x[col[k]]), dot);
  }
  sq = detail::group_sum<T, WARP>(sq);
  dot = detail::group_sum<T, WARP>(dot);
  if constexpr (WARP == 32) {
    if (lane == 0) y[row] = dot * Tr::rsqrt(Tr::eps + sq);
  } else {
    if (lane == WARP - 1) y[row] = dot * Tr::rsqrt(Tr::eps + sq);
  }
}

}  // namespace sparse
