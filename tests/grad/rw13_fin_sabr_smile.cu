// cuad: --fn sabr_smile_price --wrt slices,strikes,price
// cuad: fwd --fn sabr_smile_price --wrt slices,price
// cuad: fwd --fn sabr_implied_vol --wrt 1,3,4,5,6
// SABR smile pricer for a vol-surface calibrator: Hagan's lognormal implied-vol expansion in
// a __host__ __device__ helper (pow, log, sqrt, the z / x(z) ratio with its ATM limit taken by
// a series branch), Black's formula with normcdf, and a kernel with one thread per (expiry,
// strike) quote reading its expiry's parameters from an array of structs. The gradient wrt the
// struct array gives the calibration Jacobian; outputs 2 and 3 are forward mode (a kernel, and
// the value function with a subset of its parameters).
#include <cuda_runtime.h>

struct SabrSlice {
  double fwd, T, alpha, beta, rho, nu, df;
};

__host__ __device__ __forceinline__ double sq(double x) { return x * x; }

__host__ __device__ double sabr_implied_vol(double f, double K, double T, double alpha,
                                            double beta, double rho, double nu) {
  const double omb = 1.0 - beta;
  const double lfk = log(f / K);
  const double fkb = pow(f * K, 0.5 * omb);
  const double z = nu / alpha * fkb * lfk;
  double zx;
  if (fabs(z) < 1e-4) {
    zx = 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho * rho) * z * z / 12.0;
  } else {
    const double xz = log((sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho));
    zx = z / xz;
  }
  const double denom = fkb * (1.0 + sq(omb * lfk) / 24.0 + sq(sq(omb * lfk)) / 1920.0);
  const double corr = 1.0 + (sq(omb * alpha / fkb) / 24.0 + 0.25 * rho * beta * nu * alpha / fkb +
                             (2.0 - 3.0 * rho * rho) * nu * nu / 24.0) * T;
  return alpha / denom * zx * corr;
}

__device__ __forceinline__ double black_call(double f, double K, double vol, double T, double df) {
  const double sd = vol * sqrt(T);
  const double d1 = log(f / K) / sd + 0.5 * sd;
  return df * (f * normcdf(d1) - K * normcdf(d1 - sd));
}

__global__ void sabr_smile_price(const SabrSlice* __restrict__ slices, const double* __restrict__ strikes,
                                 int n_exp, int n_k, double* __restrict__ price) {
  for (int q = blockIdx.x * blockDim.x + threadIdx.x; q < n_exp * n_k; q += gridDim.x * blockDim.x) {
    const int e = q / n_k;
    const SabrSlice& s = slices[e];
    const double K = s.fwd * strikes[q];  // strikes quoted as moneyness
    const double vol = sabr_implied_vol(s.fwd, K, s.T, s.alpha, s.beta, s.rho, s.nu);
    price[q] = black_call(s.fwd, K, vol, s.T, s.df);
  }
}
