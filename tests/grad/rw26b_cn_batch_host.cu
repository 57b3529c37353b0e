// cuad: --fn bs_cn_batch --wrt sigma,r,s0,price
// cuad: fwd --fn bs_cn_batch --wrt sigma,r,s0,price
// Crank-Nicolson finite differences for a batch of European calls under Black-Scholes (one
// volatility per option, common rate and strike), as a PDE pricer writes it on the GPU: the
// host function allocates the grid values, tridiagonal coefficients and Thomas scratch, fills
// the terminal payoff with a kernel, then loops over time steps on the host: one kernel forms
// the explicit half step and the implicit system's bands (Dirichlet boundaries from the
// discounted strike at the current time to maturity), one kernel runs a Thomas solve per option
// (one thread per system, sweeps in global scratch), and the new and old value buffers are
// swapped with std::swap. A last kernel interpolates each option's value at the spot linearly
// and the prices are copied back to the caller's array.
#include <cuda_runtime.h>
#include <utility>

#define NX 41

struct GridSpec {
  double smax, K, T;
  int n_steps;
};

__global__ void terminal_payoff(double* V, int nb, GridSpec g) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nb * NX) return;
  const int i = t % NX;
  const double S = g.smax * i / (NX - 1);
  V[t] = fmax(S - g.K, 0.0);
}

__global__ void cn_assemble(const double* __restrict__ V, const double* __restrict__ sigma, double r,
                            GridSpec g, double tau, int nb, double* __restrict__ lo,
                            double* __restrict__ di, double* __restrict__ up,
                            double* __restrict__ rhs) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nb * NX) return;
  const int b = t / NX, i = t % NX;
  const double dt = g.T / g.n_steps;
  if (i == 0 || i == NX - 1) {
    lo[t] = 0.0;
    up[t] = 0.0;
    di[t] = 1.0;
    rhs[t] = i == 0 ? 0.0 : g.smax - g.K * exp(-r * tau);
    return;
  }
  const double s2 = sigma[b] * sigma[b] * i * i;
  const double alpha = 0.25 * dt * (s2 - r * i);
  const double beta = -0.5 * dt * (s2 + r);
  const double gamma = 0.25 * dt * (s2 + r * i);
  lo[t] = -alpha;
  di[t] = 1.0 - beta;
  up[t] = -gamma;
  rhs[t] = alpha * V[t - 1] + (1.0 + beta) * V[t] + gamma * V[t + 1];
}

__global__ void thomas_batch(const double* __restrict__ lo, const double* __restrict__ di,
                             const double* __restrict__ up, const double* __restrict__ rhs,
                             double* __restrict__ cp, double* __restrict__ dp,
                             double* __restrict__ x, int nb) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nb) return;
  const int o = b * NX;
  cp[o] = up[o] / di[o];
  dp[o] = rhs[o] / di[o];
  for (int i = 1; i < NX; ++i) {
    const double m = di[o + i] - lo[o + i] * cp[o + i - 1];
    cp[o + i] = up[o + i] / m;
    dp[o + i] = (rhs[o + i] - lo[o + i] * dp[o + i - 1]) / m;
  }
  x[o + NX - 1] = dp[o + NX - 1];
  for (int i = NX - 2; i >= 0; --i) x[o + i] = dp[o + i] - cp[o + i] * x[o + i + 1];
}

__global__ void interp_spot(const double* __restrict__ V, double s0, GridSpec g, int nb,
                            double* __restrict__ out) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nb) return;
  const double ds = g.smax / (NX - 1);
  const int k = (int)(s0 / ds);
  const double w = s0 / ds - k;
  out[b] = (1.0 - w) * V[b * NX + k] + w * V[b * NX + k + 1];
}

void bs_cn_batch(const double* sigma, double r, double s0, GridSpec g, int nb, double* price) {
  const int n = nb * NX, threads = 64, blocks = (n + threads - 1) / threads;
  double *d_sig, *d_V, *d_Vn, *d_lo, *d_di, *d_up, *d_rhs, *d_cp, *d_dp, *d_out;
  cudaMalloc(&d_sig, nb * sizeof(double));
  cudaMalloc(&d_V, n * sizeof(double));
  cudaMalloc(&d_Vn, n * sizeof(double));
  cudaMalloc(&d_lo, n * sizeof(double));
  cudaMalloc(&d_di, n * sizeof(double));
  cudaMalloc(&d_up, n * sizeof(double));
  cudaMalloc(&d_rhs, n * sizeof(double));
  cudaMalloc(&d_cp, n * sizeof(double));
  cudaMalloc(&d_dp, n * sizeof(double));
  cudaMalloc(&d_out, nb * sizeof(double));
  cudaMemcpy(d_sig, sigma, nb * sizeof(double), cudaMemcpyHostToDevice);
  terminal_payoff<<<blocks, threads>>>(d_V, nb, g);
  const double dt = g.T / g.n_steps;
  for (int s = 1; s <= g.n_steps; ++s) {
    cn_assemble<<<blocks, threads>>>(d_V, d_sig, r, g, s * dt, nb, d_lo, d_di, d_up, d_rhs);
    thomas_batch<<<(nb + 31) / 32, 32>>>(d_lo, d_di, d_up, d_rhs, d_cp, d_dp, d_Vn, nb);
    std::swap(d_V, d_Vn);
  }
  interp_spot<<<(nb + 31) / 32, 32>>>(d_V, s0, g, nb, d_out);
  cudaMemcpy(price, d_out, nb * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_sig);
  cudaFree(d_V);
  cudaFree(d_Vn);
  cudaFree(d_lo);
  cudaFree(d_di);
  cudaFree(d_up);
  cudaFree(d_rhs);
  cudaFree(d_cp);
  cudaFree(d_dp);
  cudaFree(d_out);
}
