// cuad: --fn row_reduce<L2Norm,64> --wrt x,out
// cuad: --fn row_reduce<LogSumExp,64> --wrt x,out
// cuad: fwd --fn row_reduce<LogSumExp,64>
// Row reductions parameterized by a policy class, the way generic reduction libraries are
// written: `template <class Policy, int BLOCK>` kernel, one block per row, a grid-stride style
// loop over the columns applying `Policy::pre`, a shared-memory tree down to one warp, then
// `__shfl_down_sync` for the last 32 lanes, `Policy::combine` everywhere and
// `Policy::post` on the result. The policies are structs of `static __device__` member
// functions with a `static constexpr` identity (`-INFINITY` for the log-sum-exp, whose
// combine is the stable `max + log1p(exp(-|a - b|))`). static_assert checks BLOCK.
#include <cuda_runtime.h>
#include <cmath>

struct L2Norm {
  static constexpr double identity = 0.0;
  static __device__ __forceinline__ double pre(double v) { return v * v; }
  static __device__ __forceinline__ double combine(double a, double b) { return a + b; }
  static __device__ __forceinline__ double post(double s, int n) { return sqrt(s / n); }
};

struct LogSumExp {
  static constexpr double identity = -INFINITY;
  static __device__ __forceinline__ double pre(double v) { return v; }
  static __device__ __forceinline__ double combine(double a, double b) {
    const double m = fmax(a, b);
    if (m == -INFINITY) return m;
    return m + log1p(exp(-fabs(a - b)));
  }
  static __device__ __forceinline__ double post(double s, int) { return s; }
};

template <class Policy, int BLOCK>
__global__ void row_reduce(const double* __restrict__ x, double* __restrict__ out, int cols) {
  static_assert(BLOCK >= 64 && (BLOCK & (BLOCK - 1)) == 0, "BLOCK must be a power of two >= 64");
  __shared__ double sdata[BLOCK];
  const int row = blockIdx.x;
  const int tid = threadIdx.x;
  const double* xr = x + (size_t)row * cols;
  double acc = Policy::identity;
  for (int c = tid; c < cols; c += BLOCK) acc = Policy::combine(acc, Policy::pre(xr[c]));
  sdata[tid] = acc;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s >= 32; s >>= 1) {
    if (tid < s) sdata[tid] = Policy::combine(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid < 32) {
    double v = sdata[tid];
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v = Policy::combine(v, __shfl_down_sync(0xffffffffu, v, off));
    if (tid == 0) out[row] = Policy::post(v, cols);
  }
}
