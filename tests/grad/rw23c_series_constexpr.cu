// cuad: --fn eval_series<Basis::Chebyshev,6> --wrt coef,x,y
// cuad: --fn eval_series<Basis::Legendre,5> --wrt coef,x,y
// cuad: fwd --fn eval_series<Basis::Legendre,5> --wrt coef,x,y
// A spectral surrogate model evaluated pointwise: a kernel template over an `enum class`
// basis and the series order (non-type parameters) calls a function template that picks its
// algorithm with `if constexpr` (Clenshaw recurrence for Chebyshev, the three-term
// recurrence for Legendre), loops overwriting its recurrence variables; a damping factor uses
// a truncated exponential whose order is a per-point runtime value, written as a switch with
// `[[fallthrough]]` between cases and a `default:` with its own formula; the Taylor
// coefficients come from a recursive constexpr function.
#include <cuda_runtime.h>

enum class Basis { Chebyshev, Legendre };

constexpr double inv_factorial(int n) { return n <= 1 ? 1.0 : inv_factorial(n - 1) / n; }

template <Basis B, int ORDER>
__device__ double series(const double* c, double x) {
  if constexpr (B == Basis::Chebyshev) {
    double b1 = 0.0, b2 = 0.0;
    for (int k = ORDER - 1; k >= 1; --k) {
      const double b0 = 2.0 * x * b1 - b2 + c[k];
      b2 = b1;
      b1 = b0;
    }
    return x * b1 - b2 + c[0];
  } else {
    double p0 = 1.0, p1 = x;
    double s = c[0] + c[1] * x;
    for (int k = 2; k < ORDER; ++k) {
      const double p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
      s += c[k] * p2;
      p0 = p1;
      p1 = p2;
    }
    return s;
  }
}

__device__ double damping(double t, int order) {
  double acc = 1.0;
  const double t2 = t * t;
  switch (order) {
    case 3:
      acc += t2 * t * inv_factorial(3);
      [[fallthrough]];
    case 2:
      acc += t2 * inv_factorial(2);
      [[fallthrough]];
    case 1:
      acc += t;
      break;
    default:
      acc = exp(t);
  }
  return 1.0 / acc;
}

template <Basis B, int ORDER>
__global__ void eval_series(const double* __restrict__ coef, const double* __restrict__ x,
                            const int* __restrict__ damp_order, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = x[i];
  y[i] = series<B, ORDER>(coef, xi) * damping(-0.5 * xi * xi, damp_order[i]);
}
