// cuad: --fn run_mixed_layer --wrt T0,forcing,kappa,T_final
// cuad: fwd --fn run_mixed_layer --wrt T0,forcing,kappa,T_final
// Upper-ocean column model driven by a time series of basin-wide surface forcing (net heat
// flux, wind stress): the forcing of each step is copied into __constant__ memory with
// cudaMemcpyToSymbol from an offset into the host series. The temperature lives in two device
// buffers, the current one chosen by a run-time index; each step a
// kernel adds the surface heat flux to the top level in place, then an explicit diffusion
// kernel (wind-enhanced diffusivity decaying with depth) writes the other buffer, and the
// index toggles (a local array of two device pointers indexed by the current index). At the end a reduction kernel adds every column's SST into a __device__
// accumulator with atomicAdd; the host reads it with cudaMemcpyFromSymbol and returns the
// mean SST, and copies the final profiles out.
#include <cuda_runtime.h>

#define NLEV 12
#define AT(c, k) ((c) * NLEV + (k))

namespace mlconst {
constexpr double rho_cp = 4.1e6;  // J/m^3/K
constexpr double dz = 5.0;
constexpr double dt = 600.0;
constexpr double mix_scale = 0.04;  // m^2/s per (N/m^2)^2
constexpr double ek_depth = 15.0;
}  // namespace mlconst

__constant__ double c_forc[2];  // heat flux (W/m^2), wind stress (N/m^2)
__device__ double g_sst_sum;

__global__ void surface_heating(double* T, int ncol) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  T[AT(c, 0)] += mlconst::dt * c_forc[0] / (mlconst::rho_cp * mlconst::dz);
}

__global__ void diffuse(const double* __restrict__ T, double* __restrict__ Tn, int ncol,
                        double kappa) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  const double tau = c_forc[1];
  const double r = mlconst::dt / (mlconst::dz * mlconst::dz);
  for (int k = 0; k < NLEV; ++k) {
    // diffusivity on the interfaces above (k) and below (k + 1) level k
    const double zu = k * mlconst::dz, zd = (k + 1) * mlconst::dz;
    const double ku = k == 0 ? 0.0 : kappa + mlconst::mix_scale * tau * tau * exp(-zu / mlconst::ek_depth);
    const double kd = k == NLEV - 1 ? 0.0 : kappa + mlconst::mix_scale * tau * tau * exp(-zd / mlconst::ek_depth);
    const double up = k == 0 ? 0.0 : T[AT(c, k - 1)] - T[AT(c, k)];
    const double dn = k == NLEV - 1 ? 0.0 : T[AT(c, k + 1)] - T[AT(c, k)];
    Tn[AT(c, k)] = T[AT(c, k)] + r * (ku * up + kd * dn);
  }
}

__global__ void sum_sst(const double* __restrict__ T, int ncol) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < ncol) atomicAdd(&g_sst_sum, T[AT(c, 0)]);
}

double run_mixed_layer(const double* T0, const double* forcing, int nsteps, double kappa, int ncol,
                       double* T_final) {
  double* T[2];
  int cur = 0;
  cudaMalloc(&T[0], ncol * NLEV * sizeof(double));
  cudaMalloc(&T[1], ncol * NLEV * sizeof(double));
  cudaMemcpy(T[0], T0, ncol * NLEV * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (ncol + 31) / 32;
  for (int s = 0; s < nsteps; ++s) {
    cudaMemcpyToSymbol(c_forc, forcing + 2 * s, 2 * sizeof(double));
    surface_heating<<<blocks, 32>>>(T[cur], ncol);
    diffuse<<<blocks, 32>>>(T[cur], T[1 - cur], ncol, kappa);
    cur = 1 - cur;
  }
  const double zero = 0.0;
  cudaMemcpyToSymbol(g_sst_sum, &zero, sizeof(double));
  sum_sst<<<(ncol + 31) / 32, 32>>>(T[cur], ncol);
  double sst_sum = 0.0;
  cudaMemcpyFromSymbol(&sst_sum, g_sst_sum, sizeof(double));
  cudaMemcpy(T_final, T[cur], ncol * NLEV * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(T[0]);
  cudaFree(T[1]);
  return sst_sum / ncol;
}
