// cuad: --fn solar_heating --wrt kabs,mu0,heating,sfc_flux,absorbed
// cuad: fwd --fn solar_heating --wrt kabs,mu0,heating,sfc_flux,absorbed
// Direct-beam solar heating in atmospheric columns (pure absorption, Beer-Lambert), as a GPU
// radiation scheme maps it: one warp per column and one lane per layer (up to 32 layers; the
// column's layer count is data), the optical depth above each layer from a warp inclusive
// scan with __shfl_up_sync, the flux at each layer's top and bottom from exp(-tau/mu0), the
// heating rate of each layer from the flux divergence, the total optical depth broadcast from
// the last lane with __shfl_sync for the surface flux, and the column absorption from a
// butterfly reduction with __shfl_xor_sync. Warps past the last column return together.
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__device__ __forceinline__ float warp_inclusive_scan(float v, int lane) {
#pragma unroll
  for (int off = 1; off < 32; off <<= 1) {
    const float up = __shfl_up_sync(FULL, v, off);
    if (lane >= off) v += up;
  }
  return v;
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(FULL, v, off);
  return v;
}

__global__ void solar_heating(const float* __restrict__ kabs, const float* __restrict__ dz,
                              const int* __restrict__ nlay, const float* __restrict__ mu0, float s0,
                              int ncol, float* heating, float* sfc_flux, float* absorbed) {
  const int lane = threadIdx.x & 31;
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (col >= ncol) return;  // whole warp
  const int nl = nlay[col];
  const int q = col * 32 + lane;
  const bool live = lane < nl;
  const float tau = live ? kabs[q] * dz[q] : 0.0f;
  const float cum = warp_inclusive_scan(tau, lane);
  const float mu = mu0[col];
  const float f0 = s0 * mu;
  const float f_top = f0 * expf(-(cum - tau) / mu);
  const float f_bot = f0 * expf(-cum / mu);
  if (live) heating[q] = (f_top - f_bot) / dz[q];
  const float total = __shfl_sync(FULL, cum, 31);
  const float a = warp_sum(live ? f_top - f_bot : 0.0f);
  if (lane == 0) {
    sfc_flux[col] = f0 * expf(-total / mu);
    absorbed[col] = a;
  }
}
