// cuad: fwd --fn mixture_props
// cuad: --fn mixture_props --wrt Y,T,coef,Wk,D,cp_mix
// cuad: fwd --fn mixture_props --wrt T,D,cp_mix
// Mixture-averaged properties for a detailed mechanism, one warp per cell and lanes striding
// over the species (more species than lanes): the block stages the per-species cp
// polynomial coefficients in shared memory, every lane evaluates cp_k(T) with fmaf Horner
// steps, warp butterflies (__shfl_xor_sync) reduce the mean molecular weight and the
// mixture cp, and each lane then writes mixture-averaged diffusion coefficients from
// Fuller-type binary diffusivities d_k = c_k T^1.75 / p (powf with a non-integer exponent)
// and a second warp reduction. Forward mode: sensitivity to temperature and composition;
// reverse mode: the adjoint used when the properties sit inside an optimised flame model.
#include <cuda_runtime.h>

#define NSP 45
#define WARPS 4
#define FULL 0xffffffffu

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL, v, o);
  return v;
}

__device__ __forceinline__ float cp_poly(const float* a, float T) {
  // a0 + a1 T + a2 T^2 + a3 T^3 by Horner with fmaf
  return fmaf(fmaf(fmaf(a[3], T, a[2]), T, a[1]), T, a[0]);
}

__global__ void mixture_props(const float* __restrict__ Y, const float* __restrict__ T,
                              const float* __restrict__ coef, const float* __restrict__ Wk,
                              float* __restrict__ D, float* __restrict__ cp_mix, float p,
                              int ncell) {
  __shared__ float s_coef[4 * NSP];
  for (int j = threadIdx.x; j < 4 * NSP; j += blockDim.x) s_coef[j] = coef[j];
  __syncthreads();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int cell = blockIdx.x * WARPS + warp;
  if (cell >= ncell) return;
  const float Tc = T[cell];
  const float* y = Y + cell * NSP;
  float inv_w = 0.0f, cp = 0.0f;
  for (int k = lane; k < NSP; k += 32) {
    inv_w += y[k] / Wk[k];
    cp += y[k] * cp_poly(s_coef + 4 * k, Tc);
  }
  inv_w = warp_sum(inv_w);
  cp = warp_sum(cp);
  const float W = 1.0f / inv_w;
  const float tp = powf(Tc, 1.75f) / p;
  // sum_j X_j / d_j over all species
  float sx = 0.0f;
  for (int k = lane; k < NSP; k += 32) {
    const float X = y[k] * W / Wk[k];
    const float dk = (0.5f + 0.01f * k) * tp;
    sx += X / dk;
  }
  sx = warp_sum(sx);
  for (int k = lane; k < NSP; k += 32) {
    const float X = y[k] * W / Wk[k];
    const float dk = (0.5f + 0.01f * k) * tp;
    D[cell * NSP + k] = (1.0f - y[k]) / (sx - X / dk);
  }
  if (lane == 0) cp_mix[cell] = cp;
}
