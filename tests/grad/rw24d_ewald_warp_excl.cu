// cuad: --fn ewald_real_warp --wrt xyzq,alpha,force,energy
// cuad: fwd --fn ewald_real_warp --wrt xyzq,alpha,force,energy
// Real-space part of particle-mesh Ewald for a box of rigid three-site water models, single
// precision, one warp per atom (lanes stride over the atom's CSR neighbour list). Positions
// and charges packed in float4 (xyz, q). Pairs past the real-space cutoff are skipped; the
// minimum image uses rintf per component in an orthorhombic box passed as float3. Intra-
// molecular pairs are excluded from the neighbour list and appear in a separate CSR
// exclusion list, where the erf part that reciprocal space wrongly included is removed; the
// Ewald self energy is added by lane 0. Warp sums with an xor butterfly of __shfl_xor_sync.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
#define TWO_OVER_SQRT_PI 1.1283791670955126f
#define ONE_OVER_SQRT_PI 0.5641895835477563f

__device__ __forceinline__ float min_image(float d, float L) { return d - L * rintf(d / L); }

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(FULL_MASK, v, off);
  return v;
}

__global__ void ewald_real_warp(int n, const float4* __restrict__ xyzq, const int* __restrict__ nl_start,
                                const int* __restrict__ nl_idx, const int* __restrict__ ex_start,
                                const int* __restrict__ ex_idx, float alpha, float rc2, float3 box,
                                float* __restrict__ force, float* __restrict__ energy) {
  const int lane = threadIdx.x & 31;
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (i >= n) return;  // the whole warp leaves together
  const float4 a = xyzq[i];
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, e = 0.0f;
  const int nend = nl_start[i + 1];
  for (int k = nl_start[i] + lane; k < nend; k += 32) {
    const float4 b = xyzq[nl_idx[k]];
    const float dx = min_image(a.x - b.x, box.x);
    const float dy = min_image(a.y - b.y, box.y);
    const float dz = min_image(a.z - b.z, box.z);
    const float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 > rc2) continue;
    const float r = sqrtf(r2);
    const float qq = a.w * b.w;
    const float ec = erfcf(alpha * r) / r;
    e += 0.5f * qq * ec;
    const float fs = qq * (ec + TWO_OVER_SQRT_PI * alpha * expf(-alpha * alpha * r2)) / r2;
    fx += fs * dx;
    fy += fs * dy;
    fz += fs * dz;
  }
  for (int k = ex_start[i] + lane; k < ex_start[i + 1]; k += 32) {
    const float4 b = xyzq[ex_idx[k]];
    const float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;  // same molecule: no image
    const float r2 = dx * dx + dy * dy + dz * dz;
    const float r = sqrtf(r2);
    const float qq = a.w * b.w;
    const float ef = erff(alpha * r) / r;
    e -= 0.5f * qq * ef;
    const float fs = -qq * (ef - TWO_OVER_SQRT_PI * alpha * expf(-alpha * alpha * r2)) / r2;
    fx += fs * dx;
    fy += fs * dy;
    fz += fs * dz;
  }
  if (lane == 0) e -= alpha * ONE_OVER_SQRT_PI * a.w * a.w;
  fx = warp_sum(fx);
  fy = warp_sum(fy);
  fz = warp_sum(fz);
  e = warp_sum(e);
  if (lane == 0) {
    force[3 * i + 0] = fx;
    force[3 * i + 1] = fy;
    force[3 * i + 2] = fz;
    energy[i] = e;
  }
}
