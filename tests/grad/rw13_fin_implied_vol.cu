// cuad: --fn implied_vol_surface --wrt quotes,fwd,total_var
// cuad: fwd --fn implied_vol_surface --wrt quotes,fwd,total_var
// Implied volatilities from option quotes, then total implied variance per quote, as the
// first stage of an SVI/arbitrage-free surface fit: one thread per quote, a Brenner-Subrahmanyam
// initial guess, a safeguarded Newton iteration on Black's price (a bracket kept up to date,
// a bisection step when Newton leaves it, a `while` with a tolerance and an iteration cap),
// normcdf for the price and an explicit Gaussian density for vega. The forward is a scalar
// shared by all quotes; the quotes come as a struct array (strike, expiry, price).
#include <cuda_runtime.h>

#define IV_MAX_IT 50
constexpr double kIvTol = 1e-13;
constexpr double kSqrt2Pi = 2.5066282746310002;

struct Quote {
  double strike, expiry, price;
};

__device__ __forceinline__ double black_undiscounted(double F, double K, double sd) {
  const double d1 = log(F / K) / sd + 0.5 * sd;
  return F * normcdf(d1) - K * normcdf(d1 - sd);
}

__device__ double solve_iv(double F, const Quote& q) {
  const double sqt = sqrt(q.expiry);
  double lo = 1e-4, hi = 4.0;
  double sig = kSqrt2Pi * q.price / (F * sqt);  // Brenner-Subrahmanyam
  sig = fmin(fmax(sig, 0.05), 2.0);
  int it = 0;
  while (it++ < IV_MAX_IT) {
    const double sd = sig * sqt;
    const double diff = black_undiscounted(F, q.strike, sd) - q.price;
    if (fabs(diff) < kIvTol) break;
    if (diff > 0.0) hi = sig; else lo = sig;
    const double d1 = log(F / q.strike) / sd + 0.5 * sd;
    const double vega = F * sqt * exp(-0.5 * d1 * d1) / kSqrt2Pi;
    double next = sig - diff / vega;
    if (next <= lo || next >= hi) next = 0.5 * (lo + hi);
    sig = next;
  }
  return sig;
}

__global__ void implied_vol_surface(const Quote* __restrict__ quotes, double fwd, int n,
                                    double* __restrict__ total_var) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  for (; i < n; i += stride) {
    const Quote q = quotes[i];
    const double s = solve_iv(fwd, q);
    total_var[i] = s * s * q.expiry;
  }
}
