// cuad: --fn allpairs_warp_tiles --wrt xyzq,eps,sigma,force,energy
// cuad: fwd --fn allpairs_warp_tiles --wrt xyzq,eps,sigma,force,energy
// All-pairs Lennard-Jones + bare Coulomb for a small non-periodic cluster (a gas-phase
// ion-solvent cluster), with the j-atoms broadcast through registers instead of shared
// memory: each warp walks the atoms in tiles of 32, every lane loads one atom of the tile
// (padding lanes load a dummy far away with zero charge), then the warp loops over the 32
// lanes and fetches each j-atom's coordinates and charge with __shfl_sync. The i == j and
// padding entries are skipped with a branch. Energies are reduced over the warp with
// __shfl_down_sync and lane 0 adds the warp's sum into the total with atomicAdd.
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void allpairs_warp_tiles(int n, const float4* __restrict__ xyzq, float eps, float sigma, float coulomb,
                                    float4* __restrict__ force, float* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const float4 pi = i < n ? xyzq[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  const float s2 = sigma * sigma;
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, e = 0.0f;
  for (int base = 0; base < n; base += 32) {
    const int jl = base + lane;
    const float4 mine = jl < n ? xyzq[jl] : make_float4(1.0e3f, 1.0e3f, 1.0e3f, 0.0f);
    for (int s = 0; s < 32; ++s) {
      const float xj = __shfl_sync(FULL, mine.x, s);
      const float yj = __shfl_sync(FULL, mine.y, s);
      const float zj = __shfl_sync(FULL, mine.z, s);
      const float qj = __shfl_sync(FULL, mine.w, s);
      const int j = base + s;
      if (i >= n || j >= n || j == i) continue;
      const float dx = pi.x - xj, dy = pi.y - yj, dz = pi.z - zj;
      const float r2 = dx * dx + dy * dy + dz * dz;
      const float ir2 = 1.0f / r2;
      const float sr6 = s2 * s2 * s2 * ir2 * ir2 * ir2;
      const float ir = rsqrtf(r2);
      const float qq = coulomb * pi.w * qj;
      e += 0.5f * (4.0f * eps * (sr6 * sr6 - sr6) + qq * ir);
      const float fr = (24.0f * eps * (2.0f * sr6 * sr6 - sr6) + qq * ir) * ir2;
      fx += fr * dx;
      fy += fr * dy;
      fz += fr * dz;
    }
  }
  if (i < n) force[i] = make_float4(fx, fy, fz, 0.0f);
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(FULL, e, off);
  if (lane == 0) atomicAdd(energy, e);
}
