// cuad: --fn pair_forces_warp<LJ> --wrt pos,pot,out
// cuad: fwd --fn pair_forces_warp<LJ> --wrt pos,pot,out
// A pair-force kernel templated on the potential, as in small GPU MD engines: the potential
// is a functor passed by value (parameters as fields, operator() returning F/r and the pair
// energy through a reference). One warp per atom: lanes stride over the atom's CSR neighbour
// list (rlist > rc, so pairs past the cutoff are skipped), minimum image with rintf in an
// orthorhombic box, and the partial sums are combined with an xor-butterfly of
// __shfl_xor_sync; lane 0 writes force and energy packed in a float4. Positions are float4
// (w holds the type, unused here). Gradient w.r.t. positions and the LJ parameters.
#include <cuda_runtime.h>

struct LJ {
  float eps, sigma, rc2;
  __device__ float operator()(float r2, float& e) const {
    const float sr2 = sigma * sigma / r2;
    const float sr6 = sr2 * sr2 * sr2;
    e = 4.0f * eps * (sr6 * sr6 - sr6);
    return 24.0f * eps * (2.0f * sr6 * sr6 - sr6) / r2;
  }
};

struct SoftSphere {
  float A, rc2;
  __device__ float operator()(float r2, float& e) const {
    const float x = 1.0f - r2 / rc2;
    e = A * x * x;
    return 4.0f * A * x / rc2;
  }
};

template <class Pot>
__global__ void pair_forces_warp(const float4* __restrict__ pos, const int* __restrict__ nl_start,
                                 const int* __restrict__ nl, int n, Pot pot, float3 box,
                                 float4* __restrict__ out) {
  const int atom = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x & 31;
  if (atom >= n) return;  // whole warps only
  const float4 pi = pos[atom];
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, e = 0.0f;
  for (int k = nl_start[atom] + lane; k < nl_start[atom + 1]; k += 32) {
    const float4 pj = pos[nl[k]];
    float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
    dx -= box.x * rintf(dx / box.x);
    dy -= box.y * rintf(dy / box.y);
    dz -= box.z * rintf(dz / box.z);
    const float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 >= pot.rc2) continue;
    float ep;
    const float fr = pot(r2, ep);
    fx += fr * dx;
    fy += fr * dy;
    fz += fr * dz;
    e += 0.5f * ep;
  }
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    fx += __shfl_xor_sync(0xffffffffu, fx, off);
    fy += __shfl_xor_sync(0xffffffffu, fy, off);
    fz += __shfl_xor_sync(0xffffffffu, fz, off);
    e += __shfl_xor_sync(0xffffffffu, e, off);
  }
  if (lane == 0) out[atom] = make_float4(fx, fy, fz, e);
}
