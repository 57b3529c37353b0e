// cuad: --fn heston_asian_price --wrt model,s0
// cuad: fwd --fn heston_asian_price --wrt model,s0
// Heston Monte Carlo for an arithmetic Asian call behind a host entry point, with the model
// parameters in __constant__ memory as a struct (one cudaMemcpyToSymbol of the whole
// HestonModel) and the discretization chosen by a template parameter with `if constexpr`:
// Euler or Milstein on the variance, both with full truncation (v+ = max(v, 0) in drift and
// diffusion, the raw v carried on), log-Euler on the spot, normals precomputed (two per step,
// correlated in the kernel). The host function reads the per-path payoffs back and averages
// them. The default scheme is Milstein; the Euler instance is launched for a control variate
// estimate of the same payoff (its mean is blended in with a fixed weight).
#include <cuda_runtime.h>
#include <vector>
#include <cmath>

#define NSTEP 24

struct HestonModel {
  double v0, kappa, theta, xi, rho;
};

__constant__ HestonModel c_model;

enum Scheme { EULER = 0, MILSTEIN = 1 };

template <int SCHEME>
__global__ void heston_asian_paths(const double* __restrict__ z, double s0, double r, double T,
                                   double K, int n_paths, double* __restrict__ pay) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const double dt = T / NSTEP, sdt = sqrt(dt);
  const double rc = sqrt(1.0 - c_model.rho * c_model.rho);
  double lnS = log(s0), v = c_model.v0, avg = 0.0;
  for (int k = 0; k < NSTEP; ++k) {
    const double z1 = z[(2 * k) * n_paths + p];
    const double z2 = c_model.rho * z1 + rc * z[(2 * k + 1) * n_paths + p];
    const double vp = fmax(v, 0.0);
    const double sv = sqrt(vp);
    lnS += (r - 0.5 * vp) * dt + sv * sdt * z1;
    double dv = c_model.kappa * (c_model.theta - vp) * dt + c_model.xi * sv * sdt * z2;
    if constexpr (SCHEME == MILSTEIN) dv += 0.25 * c_model.xi * c_model.xi * dt * (z2 * z2 - 1.0);
    v += dv;
    avg += exp(lnS);
  }
  avg /= NSTEP;
  pay[p] = exp(-r * T) * fmax(avg - K, 0.0);
}

static double mean_payoff(const std::vector<double>& pay) {
  double s = 0.0;
  for (size_t i = 0; i < pay.size(); ++i) s += pay[i];
  return s / pay.size();
}

double heston_asian_price(const HestonModel* model, const double* z, double s0, double r, double T,
                          double K, int n_paths) {
  double *d_z, *d_pay;
  const size_t nz = (size_t)2 * NSTEP * n_paths;
  cudaMalloc(&d_z, nz * sizeof(double));
  cudaMalloc(&d_pay, n_paths * sizeof(double));
  cudaMemcpy(d_z, z, nz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(c_model, model, sizeof(HestonModel));
  const int threads = 32, blocks = (n_paths + threads - 1) / threads;
  std::vector<double> pay(n_paths);
  heston_asian_paths<MILSTEIN><<<blocks, threads>>>(d_z, s0, r, T, K, n_paths, d_pay);
  cudaMemcpy(pay.data(), d_pay, n_paths * sizeof(double), cudaMemcpyDeviceToHost);
  const double milstein = mean_payoff(pay);
  heston_asian_paths<EULER><<<blocks, threads>>>(d_z, s0, r, T, K, n_paths, d_pay);
  cudaMemcpy(pay.data(), d_pay, n_paths * sizeof(double), cudaMemcpyDeviceToHost);
  const double euler = mean_payoff(pay);
  cudaFree(d_z);
  cudaFree(d_pay);
  return 0.8 * milstein + 0.2 * euler;
}
