// cuad: --fn localvol_strip --wrt vol_tab,spot,out
// cuad: fwd --fn localvol_strip --wrt vol_tab,spot,out
// Dupire local-volatility Monte Carlo for a strip of European calls, as a host routine of a
// pricing library: the vol surface is a table on a (log-moneyness, time) grid whose axes live
// in __constant__ memory (cudaMemcpyToSymbol), looked up per step by clamped bilinear
// interpolation in a __device__ helper; one thread per path runs log-Euler steps on given
// normals, then loops over the strikes and adds discounted payoffs into per-strike device
// accumulators with atomicAdd. The host allocates, copies, clears the accumulators,
// launches, copies back into a std::vector and normalises by the path count.
#include <cuda_runtime.h>
#include <vector>

#define LV_NX 8
#define LV_NT 6
#define LV_STEPS 12

struct LvGrid {
  double x0, dx;  // log-moneyness axis
  double t0, dt;  // time axis
};
__constant__ LvGrid c_grid;

__device__ __forceinline__ double lv_lookup(const double* __restrict__ tab, double x, double t) {
  double fx = (x - c_grid.x0) / c_grid.dx;
  double ft = (t - c_grid.t0) / c_grid.dt;
  fx = fmin(fmax(fx, 0.0), LV_NX - 1.0001);
  ft = fmin(fmax(ft, 0.0), LV_NT - 1.0001);
  const int i = (int)fx, j = (int)ft;
  const double a = fx - i, b = ft - j;
  const double* row0 = tab + j * LV_NX + i;
  const double* row1 = row0 + LV_NX;
  return (1.0 - b) * ((1.0 - a) * row0[0] + a * row0[1]) + b * ((1.0 - a) * row1[0] + a * row1[1]);
}

__global__ void lv_paths(const double* __restrict__ vol_tab, double spot, double rate, double T,
                         const double* __restrict__ z, const double* __restrict__ strikes,
                         int n_paths, int n_strikes, double* __restrict__ payoff_sum) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const double h = T / LV_STEPS;
  const double sh = sqrt(h);
  double x = 0.0;  // log(S_t / S_0)
  for (int k = 0; k < LV_STEPS; ++k) {
    const double t = k * h;
    const double sig = lv_lookup(vol_tab, x - rate * t, t);
    x += (rate - 0.5 * sig * sig) * h + sig * sh * z[k * n_paths + p];
  }
  const double sT = spot * exp(x);
  const double disc = exp(-rate * T);
  for (int s = 0; s < n_strikes; ++s)
    atomicAdd(&payoff_sum[s], disc * fmax(sT - strikes[s], 0.0));
}

void localvol_strip(const double* vol_tab, double spot, double rate, double T, const double* z,
                    const double* strikes, int n_paths, int n_strikes, double* out) {
  const LvGrid grid{-0.6, 0.2, 0.0, 0.2};
  cudaMemcpyToSymbol(c_grid, &grid, sizeof(LvGrid));
  double *d_tab, *d_z, *d_k, *d_sum;
  cudaMalloc(&d_tab, LV_NX * LV_NT * sizeof(double));
  cudaMalloc(&d_z, LV_STEPS * n_paths * sizeof(double));
  cudaMalloc(&d_k, n_strikes * sizeof(double));
  cudaMalloc(&d_sum, n_strikes * sizeof(double));
  cudaMemcpy(d_tab, vol_tab, LV_NX * LV_NT * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_z, z, LV_STEPS * n_paths * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, strikes, n_strikes * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_sum, 0, n_strikes * sizeof(double));
  const int threads = 64;
  lv_paths<<<(n_paths + threads - 1) / threads, threads>>>(d_tab, spot, rate, T, d_z, d_k, n_paths,
                                                           n_strikes, d_sum);
  std::vector<double> sums(n_strikes);
  cudaMemcpy(sums.data(), d_sum, n_strikes * sizeof(double), cudaMemcpyDeviceToHost);
  for (int s = 0; s < n_strikes; ++s) out[s] = sums[s] / n_paths;
  cudaFree(d_tab);
  cudaFree(d_z);
  cudaFree(d_k);
  cudaFree(d_sum);
}
