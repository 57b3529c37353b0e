// cuad: --fn coulomb_lj_tiles --wrt posq,lj,force
// cuad: fwd --fn coulomb_lj_tiles --wrt posq,lj,force
// All-pairs Lennard-Jones + reaction-field Coulomb with a cutoff, in the classic GPU n-body
// layout: positions and charges packed as float4 (x, y, z, q), the j-particles staged through
// shared memory in tiles of blockDim.x, read back with an unrolled inner loop; per-type LJ
// parameters are read with __ldg from a float2 table (sqrt(eps), sigma/2 per atom, combined
// by Lorentz-Berthelot), 1/r from rsqrtf; the result is one float4 per atom (force, energy in w).
// The caller passes the packed buffer as float*; the kernel reinterprets it.
#include <cuda_runtime.h>
#include <math.h>

#define TILE 32
#define K_RF 0.25f

__global__ void coulomb_lj_tiles(int n, const float* __restrict__ posq, const float2* __restrict__ lj, float rc,
                                 float4* __restrict__ force) {
  __shared__ float4 tile[TILE];
  __shared__ float2 tile_lj[TILE];
  const float4* p4 = reinterpret_cast<const float4*>(posq);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 pi = i < n ? p4[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  const float2 li = i < n ? __ldg(&lj[i]) : make_float2(0.0f, 0.0f);
  const float rc2 = rc * rc;
  const float c_rf = 1.0f / rc + K_RF * rc2;
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, e = 0.0f;
  for (int base = 0; base < n; base += TILE) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n ? p4[j] : make_float4(1e3f, 1e3f, 1e3f, 0.0f);
    tile_lj[threadIdx.x] = j < n ? __ldg(&lj[j]) : make_float2(0.0f, 1.0f);
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < TILE; ++k) {
      const float4 pj = tile[k];
      const float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
      const float r2 = dx * dx + dy * dy + dz * dz;
      if (base + k == i || r2 >= rc2) continue;
      const float inv_r = rsqrtf(r2);
      const float inv_r2 = inv_r * inv_r;
      const float eps = li.x * tile_lj[k].x;
      const float sig = li.y + tile_lj[k].y;
      const float s2 = sig * sig * inv_r2;
      const float s6 = s2 * s2 * s2;
      const float qq = pi.w * pj.w;
      e += 0.5f * (4.0f * eps * (s6 * s6 - s6) + qq * (inv_r + K_RF * r2 - c_rf));
      const float fscal = (24.0f * eps * (2.0f * s6 * s6 - s6)) * inv_r2 + qq * (inv_r * inv_r2 - 2.0f * K_RF);
      fx += fscal * dx;
      fy += fscal * dy;
      fz += fscal * dz;
    }
    __syncthreads();
  }
  if (i < n) force[i] = make_float4(fx, fy, fz, e);
}
