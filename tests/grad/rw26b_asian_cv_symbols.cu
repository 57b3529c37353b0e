// cuad: --fn asian_cv_price --wrt s0,sigma
// cuad: fwd --fn asian_cv_price --wrt s0,sigma
// Arithmetic Asian call by Monte Carlo with the geometric Asian as control variate, the way
// a GPU pricer keeps its running sums in __device__ globals: the path kernel accumulates the
// sums of the arithmetic payoff Y, the geometric payoff X, XY and XX with atomicAdd into a
// __device__ array (one atomic per warp after a shuffle reduction), a one-thread kernel reads
// the sums back, estimates the optimal coefficient beta = cov(X, Y) / var(X) and writes the
// control-variate price into another __device__ symbol, using the closed-form geometric price
// that the host computes (discrete monitoring, erfc from <cmath>) and passes as an argument.
// The host clears the sums with cudaMemcpyToSymbol and reads the price with
// cudaMemcpyFromSymbol.
#include <cuda_runtime.h>
#include <cmath>

#define NMON 12
#define FULL 0xffffffffu

__device__ double g_sums[4];  // sum Y, sum X, sum XY, sum XX
__device__ double g_price;

__global__ void asian_paths(const double* __restrict__ z, double s0, double sigma, double r,
                            double T, double K, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  double y = 0.0, x = 0.0;
  if (p < n_paths) {
    const double dt = T / NMON;
    double ls = log(s0), arith = 0.0, lgeo = 0.0;
    for (int k = 0; k < NMON; ++k) {
      ls += (r - 0.5 * sigma * sigma) * dt + sigma * sqrt(dt) * z[p * NMON + k];
      arith += exp(ls);
      lgeo += ls;
    }
    const double disc = exp(-r * T);
    y = disc * fmax(arith / NMON - K, 0.0);
    x = disc * fmax(exp(lgeo / NMON) - K, 0.0);
  }
  double v[4] = {y, x, x * y, x * x};
  for (int j = 0; j < 4; ++j) {
    for (int off = 16; off > 0; off >>= 1) v[j] += __shfl_down_sync(FULL, v[j], off);
    if ((threadIdx.x & 31) == 0) atomicAdd(&g_sums[j], v[j]);
  }
}

__global__ void cv_combine(int n_paths, double geo_exact) {
  const double my = g_sums[0] / n_paths, mx = g_sums[1] / n_paths;
  const double cov = g_sums[2] / n_paths - mx * my;
  const double var = g_sums[3] / n_paths - mx * mx;
  const double beta = cov / var;
  g_price = my - beta * (mx - geo_exact);
}

static double norm_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double asian_cv_price(const double* z, double s0, double sigma, double r, double T, double K,
                      int n_paths) {
  const double N = NMON;
  const double mu = std::log(s0) + (r - 0.5 * sigma * sigma) * T * (N + 1.0) / (2.0 * N);
  const double sg = sigma * std::sqrt(T * (N + 1.0) * (2.0 * N + 1.0) / (6.0 * N * N));
  const double d1 = (mu - std::log(K) + sg * sg) / sg;
  const double geo = std::exp(-r * T) * (std::exp(mu + 0.5 * sg * sg) * norm_cdf(d1) -
                                         K * norm_cdf(d1 - sg));
  double* d_z;
  cudaMalloc(&d_z, (size_t)n_paths * NMON * sizeof(double));
  cudaMemcpy(d_z, z, (size_t)n_paths * NMON * sizeof(double), cudaMemcpyHostToDevice);
  const double zero4[4] = {0.0, 0.0, 0.0, 0.0};
  cudaMemcpyToSymbol(g_sums, zero4, sizeof(zero4));
  const int threads = 64;
  asian_paths<<<(n_paths + threads - 1) / threads, threads>>>(d_z, s0, sigma, r, T, K, n_paths);
  cv_combine<<<1, 1>>>(n_paths, geo);
  double price = 0.0;
  cudaMemcpyFromSymbol(&price, g_price, sizeof(double));
  cudaFree(d_z);
  return price;
}
