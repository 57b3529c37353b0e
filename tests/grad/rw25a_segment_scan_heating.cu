// cuad: --fn solar_heating_seg --wrt kabs,mu0,heating,sfc_flux,absorbed
// cuad: fwd --fn solar_heating_seg --wrt kabs,mu0,heating,sfc_flux,absorbed
// Direct-beam solar heating in thin atmospheric columns (pure absorption, Beer-Lambert) with
// eight layers per column, so four columns share a warp: each column is an 8-lane segment and
// every shuffle takes width 8 (the inclusive scan of the optical depth with
// __shfl_up_sync(.., off, 8), the broadcast of the column total from the segment's last lane
// with __shfl_sync(.., 7, 8), the butterfly sum with __shfl_xor_sync(.., off, 8)). The column's
// layer count is data (unused lanes carry zero optical depth). Segments past the last column
// still take part in the shuffles (no early return before them).
#include <cuda_runtime.h>

#define FULL 0xffffffffu

#define SEG 8

__device__ __forceinline__ float seg_inclusive_scan(float v, int lane) {
#pragma unroll
  for (int off = 1; off < SEG; off <<= 1) {
    const float up = __shfl_up_sync(FULL, v, off, SEG);
    if (lane >= off) v += up;
  }
  return v;
}

__device__ __forceinline__ float seg_sum(float v) {
#pragma unroll
  for (int off = SEG / 2; off > 0; off >>= 1) v += __shfl_xor_sync(FULL, v, off, SEG);
  return v;
}

__global__ void solar_heating_seg(const float* __restrict__ kabs, const float* __restrict__ dz,
                                  const int* __restrict__ nlay, const float* __restrict__ mu0, float s0,
                                  int ncol, float* heating, float* sfc_flux, float* absorbed) {
  const int lane = threadIdx.x & (SEG - 1);
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) / SEG;
  const bool has_col = col < ncol;
  const int nl = has_col ? nlay[col] : 0;
  const int q = col * SEG + lane;
  const bool live = lane < nl;
  const float tau = live ? kabs[q] * dz[q] : 0.0f;
  const float cum = seg_inclusive_scan(tau, lane);
  const float mu = has_col ? mu0[col] : 1.0f;
  const float f0 = s0 * mu;
  const float f_top = f0 * expf(-(cum - tau) / mu);
  const float f_bot = f0 * expf(-cum / mu);
  if (live) heating[q] = (f_top - f_bot) / dz[q];
  const float total = __shfl_sync(FULL, cum, SEG - 1, SEG);
  const float a = seg_sum(live ? f_top - f_bot : 0.0f);
  if (has_col && lane == 0) {
    sfc_flux[col] = f0 * expf(-total / mu);
    absorbed[col] = a;
  }
}
