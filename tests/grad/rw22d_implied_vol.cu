// cuad: fwd --fn implied_vol
// cuad: fwd --fn implied_vol --wrt price,r
// cuad: fwd --fn iv_surface
// cuad: --fn iv_surface
// cuad: --fn implied_vol
// Implied volatility by Newton's method on the Black-Scholes call price, in __host__
// __device__ functions (erfc-based normal CDF, vega), started at the Manaster-Koehler point
// sqrt(2 |ln(S/K) + r T| / T) and iterated in a while loop until the Newton step is below a
// tolerance (a data-dependent trip count, capped). The implicit function sigma(price, S, K, T,
// r) is differentiated in forward mode called on the host (1: every tangent, 2: w.r.t. price
// and r only) and inside a kernel computing a volatility surface and its vega (3), and in
// reverse mode for the kernel (4) and the host function (5).
__host__ __device__ double norm_cdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752); }

__host__ __device__ double bs_d1(double S, double K, double T, double r, double sig) {
  return (log(S / K) + (r + 0.5 * sig * sig) * T) / (sig * sqrt(T));
}

__host__ __device__ double bs_call(double S, double K, double T, double r, double sig) {
  const double d1 = bs_d1(S, K, T, r, sig);
  const double d2 = d1 - sig * sqrt(T);
  return S * norm_cdf(d1) - K * exp(-r * T) * norm_cdf(d2);
}

__host__ __device__ double bs_vega(double S, double K, double T, double r, double sig) {
  const double d1 = bs_d1(S, K, T, r, sig);
  return S * exp(-0.5 * d1 * d1) * 0.3989422804014327 * sqrt(T);
}

__host__ __device__ double implied_vol(double price, double S, double K, double T, double r) {
  double sig = sqrt(2.0 * fabs(log(S / K) + r * T) / T);
  double diff = 1.0;
  int it = 0;
  while (fabs(diff) > 1e-12 && it < 50) {
    diff = (bs_call(S, K, T, r, sig) - price) / bs_vega(S, K, T, r, sig);
    sig -= diff;
    ++it;
  }
  return sig;
}

__global__ void iv_surface(int n, const double* price, const double* K, const double* T,
                           double S, double r, double* iv, double* vega) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double s = implied_vol(price[i], S, K[i], T[i], r);
  iv[i] = s;
  vega[i] = bs_vega(S, K[i], T[i], r, s);
}
