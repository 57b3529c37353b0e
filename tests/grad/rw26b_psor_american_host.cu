// cuad: --fn american_put_psor --wrt sigma,r
// cuad: fwd --fn american_put_psor --wrt sigma,r
// American put by implicit finite differences with projected SOR, in normalized units (strike
// 1), driven from the host as a PDE engine does it: per time step the old values are copied
// device-to-device into the right-hand side, then red and black PSOR sweeps (two launches of
// one kernel, each updating every other node in place in global memory, projecting on the
// exercise value with fmax and writing the size of each update) alternate with a block
// max-reduction kernel; the host reads the largest update back and stops iterating when it
// falls below 1e-14 (or after a cap). Early exercise makes the iteration count depend on the
// parameters. The price at the spot comes from linear interpolation on the host.
#include <cuda_runtime.h>
#include <vector>

#define NX 25
constexpr double kSmax = 2.0;

struct PsorSetup {
  double dt, omega;
  int n_steps, max_iter;
};

__global__ void psor_sweep(double* __restrict__ V, const double* __restrict__ rhs, double sigma,
                           double r, PsorSetup ps, int color, double* __restrict__ delta) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1 || i > NX - 2) return;
  if ((i & 1) != color) return;
  const double s2 = sigma * sigma * i * i;
  const double a = 0.5 * ps.dt * (s2 - r * i);
  const double b = 1.0 + ps.dt * (s2 + r);
  const double c = 0.5 * ps.dt * (s2 + r * i);
  const double gs = (rhs[i] + a * V[i - 1] + c * V[i + 1]) / b;
  const double old = V[i];
  const double payoff = 1.0 - kSmax * i / (NX - 1);
  const double v = fmax(payoff, old + ps.omega * (gs - old));
  delta[i] = fabs(v - old);
  V[i] = v;
}

__global__ void max_reduce(const double* __restrict__ delta, double* __restrict__ err) {
  __shared__ double s[32];
  const int t = threadIdx.x;
  s[t] = (t >= 1 && t <= NX - 2) ? delta[t] : 0.0;
  __syncthreads();
  for (int h = 16; h > 0; h >>= 1) {
    if (t < h) s[t] = fmax(s[t], s[t + h]);
    __syncthreads();
  }
  if (t == 0) *err = s[0];
}

double american_put_psor(double sigma, double r, double s0, PsorSetup ps, int* iterations) {
  std::vector<double> v0(NX);
  for (int i = 0; i < NX; ++i) v0[i] = fmax(1.0 - kSmax * i / (NX - 1), 0.0);
  double *d_V, *d_rhs, *d_delta, *d_err;
  cudaMalloc(&d_V, NX * sizeof(double));
  cudaMalloc(&d_rhs, NX * sizeof(double));
  cudaMalloc(&d_delta, NX * sizeof(double));
  cudaMalloc(&d_err, sizeof(double));
  cudaMemcpy(d_V, v0.data(), NX * sizeof(double), cudaMemcpyHostToDevice);
  int total = 0;
  for (int n = 0; n < ps.n_steps; ++n) {
    cudaMemcpy(d_rhs, d_V, NX * sizeof(double), cudaMemcpyDeviceToDevice);
    for (int it = 0; it < ps.max_iter; ++it) {
      psor_sweep<<<1, 32>>>(d_V, d_rhs, sigma, r, ps, 1, d_delta);
      psor_sweep<<<1, 32>>>(d_V, d_rhs, sigma, r, ps, 0, d_delta);
      max_reduce<<<1, 32>>>(d_delta, d_err);
      double err = 0.0;
      cudaMemcpy(&err, d_err, sizeof(double), cudaMemcpyDeviceToHost);
      ++total;
      if (err < 1e-14) break;
    }
  }
  std::vector<double> V(NX);
  cudaMemcpy(V.data(), d_V, NX * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_V);
  cudaFree(d_rhs);
  cudaFree(d_delta);
  cudaFree(d_err);
  *iterations = total;
  const double ds = kSmax / (NX - 1);
  const int k = (int)(s0 / ds);
  const double w = s0 / ds - k;
  return (1.0 - w) * V[k] + w * V[k + 1];
}
