// cuad: --fn yukawa_forces<true> --wrt pos,kappa,A,force,energy
// cuad: fwd --fn yukawa_forces<true> --wrt pos,kappa,A,force,energy
// Screened-Coulomb (Yukawa) forces for a 2-D dusty-plasma layer in a periodic square box,
// single precision. The kernel is a template on whether energies are wanted (if constexpr).
// The minimum image is the old-school pair of while loops; pairs beyond the cutoff are
// skipped. Energies go first into a block-wide __shared__ accumulator with a shared-memory
// atomicAdd, then thread 0 adds the block's sum into the global total: one global atomic
// per block.
#include <cuda_runtime.h>

template <bool kEnergy>
__global__ void yukawa_forces(const float2* __restrict__ pos, int n, float kappa, float A, float L, float rc,
                              float2* __restrict__ force, float* __restrict__ energy) {
  __shared__ float s_energy;
  if (threadIdx.x == 0) s_energy = 0.0f;
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float2 pi = pos[i];
    float fx = 0.0f, fy = 0.0f, e = 0.0f;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      float dx = pi.x - pos[j].x, dy = pi.y - pos[j].y;
      while (dx > 0.5f * L) dx -= L;
      while (dx < -0.5f * L) dx += L;
      while (dy > 0.5f * L) dy -= L;
      while (dy < -0.5f * L) dy += L;
      const float r = sqrtf(dx * dx + dy * dy);
      if (r > rc) continue;
      const float u = A * expf(-kappa * r) / r;
      const float fr = u * (kappa + 1.0f / r) / r;
      fx += fr * dx;
      fy += fr * dy;
      if constexpr (kEnergy) e += 0.5f * u;
    }
    force[i] = make_float2(fx, fy);
    if constexpr (kEnergy) atomicAdd(&s_energy, e);
  }
  __syncthreads();
  if (kEnergy && threadIdx.x == 0) atomicAdd(energy, s_energy);
}
