// cuad: --fn vanilla_book --wrt spot,vol,r,price,delta
// cuad: fwd --fn vanilla_book --wrt spot,vol,r,price,delta
// A vanilla-option book under Black-Scholes with continuous dividends, in the style of an
// object-oriented pricing library ported to CUDA: a small struct of precomputed terms whose
// constructor computes the standard deviation, forward and discount factor in its member
// initializer list, member functions for d1, call and put prices and the analytic delta, and
// a kernel that prices one option per thread (the type from an int array) and writes both the
// price and the closed-form delta, so the gradient also gives the gammas and vannas
// (pathwise second-order information) through the delta output.
#include <cuda_runtime.h>

struct BsTerms {
  double sd, fwd, df, q_df;
  __device__ BsTerms(double S, double vol, double T, double r, double q)
      : sd(vol * sqrt(T)), fwd(S * exp((r - q) * T)), df(exp(-r * T)), q_df(exp(-q * T)) {}
  __device__ double d1(double K) const { return (log(fwd / K) + 0.5 * sd * sd) / sd; }
  __device__ double call(double K) const {
    const double a = d1(K);
    return df * (fwd * normcdf(a) - K * normcdf(a - sd));
  }
  __device__ double put(double K) const {
    const double a = d1(K);
    return df * (K * normcdf(sd - a) - fwd * normcdf(-a));
  }
  __device__ double delta(double K, bool is_call) const {
    const double n1 = normcdf(d1(K));
    return q_df * (is_call ? n1 : n1 - 1.0);
  }
};

__global__ void vanilla_book(const double* __restrict__ spot, const double* __restrict__ vol,
                             const double* __restrict__ strike, const double* __restrict__ expiry,
                             const int* __restrict__ is_call, double r, double q, int n,
                             double* __restrict__ price, double* __restrict__ delta) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const BsTerms t(spot[i], vol[i], expiry[i], r, q);
  const bool c = is_call[i] != 0;
  price[i] = c ? t.call(strike[i]) : t.put(strike[i]);
  delta[i] = t.delta(strike[i], c);
}
