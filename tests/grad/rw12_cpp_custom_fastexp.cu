// cuad: --fn rbf_eval --wrt x,centers,coef,out
// cuad: fwd --fn rbf_eval
// A radial-basis-function interpolant evaluated with a hand-written fast exp (range reduction
// by rint, a polynomial, and the exponent spliced in with __double_as_longlong /
// __longlong_as_double), as performance codes write it. Bit manipulation has no useful
// derivative, so the user supplies both: the pullback in Clad's `clad::custom_derivatives`
// namespace and the pushforward in `cuad::custom_derivatives`, both using d/dx exp = exp.
// Each thread evaluates one point against all centers staged in shared memory.
#include <cuda_runtime.h>

__device__ __forceinline__ double fast_exp(double x) {
  const double k = rint(x * 1.4426950408889634);  // x / ln 2
  const double r = fma(-k, 0.6931471805599453, x);  // |r| <= ln2 / 2
  double p = 1.0 / 39916800.0;
  p = fma(p, r, 1.0 / 3628800.0);
  p = fma(p, r, 1.0 / 362880.0);
  p = fma(p, r, 1.0 / 40320.0);
  p = fma(p, r, 1.0 / 5040.0);
  p = fma(p, r, 1.0 / 720.0);
  p = fma(p, r, 1.0 / 120.0);
  p = fma(p, r, 1.0 / 24.0);
  p = fma(p, r, 1.0 / 6.0);
  p = fma(p, r, 0.5);
  p = fma(p, r, 1.0);
  p = fma(p, r, 1.0);
  const long long bits = __double_as_longlong(p) + (static_cast<long long>(k) << 52);
  return __longlong_as_double(bits);
}

namespace clad {
namespace custom_derivatives {
__device__ void fast_exp_pullback(double x, double _d_y, double* _d_x) {
  *_d_x += _d_y * fast_exp(x);
}
}  // namespace custom_derivatives
}  // namespace clad

namespace cuad {
namespace custom_derivatives {
struct exp_vp {
  double value;
  double pushforward;
};
__device__ exp_vp fast_exp_pushforward(double x, double _d_x) {
  const double e = fast_exp(x);
  return {e, e * _d_x};
}
}  // namespace custom_derivatives
}  // namespace cuad

#define TILE 32

__global__ void rbf_eval(const double* __restrict__ x, const double* __restrict__ centers,
                         const double* __restrict__ coef, double inv_two_sigma2,
                         double* __restrict__ out, int n, int m) {
  __shared__ double sc[TILE];
  __shared__ double sw[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double xi = i < n ? x[i] : 0.0;
  double acc = 0.0;
  for (int base = 0; base < m; base += TILE) {
    const int j = base + threadIdx.x;
    sc[threadIdx.x] = j < m ? centers[j] : 0.0;
    sw[threadIdx.x] = j < m ? coef[j] : 0.0;
    __syncthreads();
    const int cnt = min(TILE, m - base);
    for (int t = 0; t < cnt; ++t) {
      const double d = xi - sc[t];
      acc += sw[t] * fast_exp(-d * d * inv_two_sigma2);
    }
    __syncthreads();
  }
  if (i < n) out[i] = acc;
}
