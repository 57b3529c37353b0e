// cuad: --fn vmc_local_energy --wrt walkers,alpha,beta,e_loc,e_sum
// cuad: fwd --fn vmc_local_energy --wrt alpha,beta,e_loc,e_sum
// Variational Monte Carlo for the helium atom with a Slater-Jastrow trial function
//   psi = exp(-alpha (r1 + r2)) exp(u(r12)),  u(r) = r / (2 (1 + beta r)),
// in single precision: one thread per walker (a struct of the two electron positions), the
// local energy E_L = -1/2 sum_i (lap_i ln psi + |grad_i ln psi|^2) + V from the analytic
// derivatives of ln psi (a helper returns u' and u'' through references), and the mean
// energy over walkers reduced per warp by shuffles, then across the block's warps in shared
// memory, then added with one atomicAdd per block.
#include <cuda_runtime.h>
#include <math.h>

#define WARPS_PER_BLOCK 2

struct Walker {
  float r1[3];
  float r2[3];
};

__device__ void jastrow_u(float r, float beta, float& du, float& d2u) {
  const float q = 1.0f + beta * r;
  du = 0.5f / (q * q);
  d2u = -beta / (q * q * q);
}

__device__ float norm3(const float* v) { return sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

__global__ void vmc_local_energy(int n_walk, const Walker* __restrict__ walkers, float alpha, float beta,
                                 float* __restrict__ e_loc, float* __restrict__ e_sum) {
  __shared__ float warp_sum[WARPS_PER_BLOCK];
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  float el = 0.0f;
  if (w < n_walk) {
    const Walker wk = walkers[w];
    float d12[3];
    for (int k = 0; k < 3; ++k) d12[k] = wk.r1[k] - wk.r2[k];
    const float r1 = norm3(wk.r1), r2 = norm3(wk.r2), r12 = norm3(d12);
    float du, d2u;
    jastrow_u(r12, beta, du, d2u);
    float kin = 0.0f;
    // electron 1: grad ln psi = -alpha r1_hat + u' r12_hat; electron 2 with the signs flipped
    for (int e = 0; e < 2; ++e) {
      const float* ri = e == 0 ? wk.r1 : wk.r2;
      const float rn = e == 0 ? r1 : r2;
      const float sgn = e == 0 ? 1.0f : -1.0f;
      float g2 = 0.0f;
      for (int k = 0; k < 3; ++k) {
        const float g = -alpha * ri[k] / rn + sgn * du * d12[k] / r12;
        g2 += g * g;
      }
      const float lap = -2.0f * alpha / rn + d2u + 2.0f * du / r12;
      kin += -0.5f * (lap + g2);
    }
    const float pot = -2.0f / r1 - 2.0f / r2 + 1.0f / r12;
    el = kin + pot;
    e_loc[w] = el;
  }
  float s = el;
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) warp_sum[warp] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float b = 0.0f;
    for (int k = 0; k < WARPS_PER_BLOCK; ++k) b += warp_sum[k];
    atomicAdd(e_sum, b / n_walk);
  }
}
