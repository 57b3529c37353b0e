// cuad: --fn tabulated_pair_forces --wrt pos,table,force,energy
// cuad: fwd --fn tabulated_pair_forces --wrt pos,table,force,energy
// A tabulated pair potential as GROMACS-style codes use for coarse-grained force fields
// (IBI / force-matched potentials): the potential is sampled on a uniform grid in r, values
// and derivatives interleaved (V_k, V'_k), and evaluated with cubic Hermite interpolation.
// The table is staged into dynamic shared memory (extern __shared__) by the block, then each
// thread walks its atom's CSR neighbour list: the index is (int)(r * inv_dr), the fraction
// t = r * inv_dr - k, and energy and force come from the Hermite basis. Pairs beyond the last
// table point are skipped. Per-atom energies (half per pair) and forces are written per atom.
#include <cuda_runtime.h>

__device__ __forceinline__ void hermite(const float* tab, float r, float inv_dr, float& v, float& dvdr) {
  const float x = r * inv_dr;
  const int k = (int)x;
  const float t = x - k;
  const float dr = 1.0f / inv_dr;
  const float y0 = tab[2 * k], m0 = tab[2 * k + 1] * dr;
  const float y1 = tab[2 * k + 2], m1 = tab[2 * k + 3] * dr;
  const float t2 = t * t, t3 = t2 * t;
  v = (2.0f * t3 - 3.0f * t2 + 1.0f) * y0 + (t3 - 2.0f * t2 + t) * m0 + (-2.0f * t3 + 3.0f * t2) * y1 + (t3 - t2) * m1;
  dvdr = ((6.0f * t2 - 6.0f * t) * y0 + (3.0f * t2 - 4.0f * t + 1.0f) * m0 + (-6.0f * t2 + 6.0f * t) * y1 +
          (3.0f * t2 - 2.0f * t) * m1) * inv_dr;
}

__global__ void tabulated_pair_forces(int n, const float3* __restrict__ pos, const int* __restrict__ nl_start,
                                      const int* __restrict__ nl_idx, float box, const float* __restrict__ table,
                                      int npts, float inv_dr, float3* __restrict__ force, float* __restrict__ energy) {
  extern __shared__ float s_tab[];
  for (int k = threadIdx.x; k < 2 * npts; k += blockDim.x) s_tab[k] = table[k];
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float rmax = (npts - 1) / inv_dr;
  const float3 pi = pos[i];
  float3 f = make_float3(0.0f, 0.0f, 0.0f);
  float e = 0.0f;
  for (int k = nl_start[i]; k < nl_start[i + 1]; ++k) {
    const float3 pj = pos[nl_idx[k]];
    float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
    dx -= box * rintf(dx / box);
    dy -= box * rintf(dy / box);
    dz -= box * rintf(dz / box);
    const float r = sqrtf(dx * dx + dy * dy + dz * dz);
    if (r >= rmax) continue;
    float v, dvdr;
    hermite(s_tab, r, inv_dr, v, dvdr);
    e += 0.5f * v;
    const float s = -dvdr / r;
    f.x += s * dx;
    f.y += s * dy;
    f.z += s * dz;
  }
  force[i] = f;
  energy[i] = e;
}
