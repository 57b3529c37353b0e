// cuad: --fn garch_t_nll<64> --wrt theta,nll
// Negative log-likelihood of a GARCH(1,1) model with Student-t innovations over a panel of
// return series, as used to fit one model to many assets at once: one thread per series runs
// the conditional-variance recursion sequentially in time, unconstrained parameters are
// mapped through exp and a logistic split that keeps alpha + beta < 1, the t density uses
// lgamma and log1p, and a block reduction templated on the block size (shared memory, then a
// warp tail with __shfl_down_sync) ends with one atomicAdd per block.
#include <cuda_runtime.h>

#define N_THETA 5
constexpr double kLogPi = 1.1447298858494002;

struct GarchParams {
  double mu, omega, alpha, beta, nu;
};

__device__ __forceinline__ double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

__device__ __forceinline__ GarchParams unpack(const double* __restrict__ th) {
  GarchParams g;
  g.mu = th[0];
  g.omega = exp(th[1]);
  const double persist = 0.999 * sigmoid(th[2]);  // alpha + beta
  const double share = sigmoid(th[3]);           // alpha / (alpha + beta)
  g.alpha = persist * share;
  g.beta = persist * (1.0 - share);
  g.nu = 2.0 + exp(th[4]);
  return g;
}

template <int BLOCK>
__device__ double block_sum(double v, double* smem) {
  smem[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s >= 32; s >>= 1) {
    if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
    __syncthreads();
  }
  double x = threadIdx.x < 32 ? smem[threadIdx.x] : 0.0;
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) x += __shfl_down_sync(0xffffffffu, x, off);
  return x;
}

template <int BLOCK>
__global__ void garch_t_nll(const double* __restrict__ ret, int n_series, int n_obs,
                            const double* __restrict__ theta, double* __restrict__ nll) {
  __shared__ double smem[BLOCK];
  const int s = blockIdx.x * BLOCK + threadIdx.x;
  double acc = 0.0;
  if (s < n_series) {
    const GarchParams g = unpack(theta);
    const double c0 = lgamma(0.5 * (g.nu + 1.0)) - lgamma(0.5 * g.nu) - 0.5 * (kLogPi + log(g.nu - 2.0));
    double h = g.omega / (1.0 - g.alpha - g.beta);  // unconditional variance
    const double* r = ret + (size_t)s * n_obs;
    for (int t = 0; t < n_obs; ++t) {
      const double e = r[t] - g.mu;
      const double q = e * e / ((g.nu - 2.0) * h);
      acc -= c0 - 0.5 * log(h) - 0.5 * (g.nu + 1.0) * log1p(q);
      h = g.omega + g.alpha * e * e + g.beta * h;
    }
  }
  const double tot = block_sum<BLOCK>(acc, smem);
  if (threadIdx.x == 0) atomicAdd(nll, tot / n_series);
}
