// cuad: --fn render_rays_warp --wrt raw_sigma,raw_rgb,bg,image
// NeRF-style volume rendering with one warp per ray (the layout of instant-NGP style
// renderers that parallelise over samples): each lane holds samples lane, lane + 32, ... of
// its ray; the optical depth sum_{j<i} sigma_j delta_j is an exclusive warp scan
// (__shfl_up_sync, Hillis-Steele) carried from chunk to chunk through the last lane's
// inclusive value (__shfl_sync), T_i = exp(-that), weights T_i (1 - exp(-sigma_i delta_i)),
// softplus densities and sigmoid colors, a butterfly warp sum (__shfl_xor_sync) of the
// per-lane colors, and the background composited with the final transmittance by lane 0.
// The background is a double3 passed by value (its adjoint is a double3*).
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
#define WARP_SIZE 32

__device__ __forceinline__ double softplus(double x) { return log1p(exp(x)); }
__device__ __forceinline__ double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// inclusive prefix sum over the 32 lanes of a warp
__device__ __forceinline__ double warp_inclusive_scan(double v, int lane) {
#pragma unroll
  for (int off = 1; off < WARP_SIZE; off <<= 1) {
    const double up = __shfl_up_sync(FULL_MASK, v, off);
    if (lane >= off) v += up;
  }
  return v;
}

__device__ __forceinline__ double warp_allreduce_sum(double v) {
#pragma unroll
  for (int off = WARP_SIZE / 2; off > 0; off >>= 1) v += __shfl_xor_sync(FULL_MASK, v, off);
  return v;
}

// raw_sigma: [n_rays][n_samples], raw_rgb: [n_rays][n_samples][3], t_vals: [n_rays][n_samples + 1]
// (sample boundaries along each ray), image: [n_rays] double3. n_samples is a multiple of 32.
__global__ void render_rays_warp(const double* __restrict__ raw_sigma,
                                 const double* __restrict__ raw_rgb,
                                 const double* __restrict__ t_vals, int n_rays, int n_samples,
                                 double3 bg, double3* __restrict__ image) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int ray = gtid / WARP_SIZE;
  const int lane = threadIdx.x & (WARP_SIZE - 1);
  if (ray >= n_rays) return;  // whole warps leave together

  const double* sig = raw_sigma + (size_t)ray * n_samples;
  const double* col = raw_rgb + (size_t)ray * n_samples * 3;
  const double* tv = t_vals + (size_t)ray * (n_samples + 1);

  double carry = 0.0;  // optical depth of the chunks before this one
  double r = 0.0, g = 0.0, b = 0.0;
  for (int base = 0; base < n_samples; base += WARP_SIZE) {
    const int i = base + lane;
    const double delta = tv[i + 1] - tv[i];
    const double tau = softplus(sig[i]) * delta;
    const double incl = warp_inclusive_scan(tau, lane);
    const double T = exp(-(carry + incl - tau));
    const double w = T * (1.0 - exp(-tau));
    r += w * sigmoid(col[3 * i + 0]);
    g += w * sigmoid(col[3 * i + 1]);
    b += w * sigmoid(col[3 * i + 2]);
    carry += __shfl_sync(FULL_MASK, incl, WARP_SIZE - 1);
  }
  r = warp_allreduce_sum(r);
  g = warp_allreduce_sum(g);
  b = warp_allreduce_sum(b);
  if (lane == 0) {
    const double T_final = exp(-carry);
    image[ray] = make_double3(r + T_final * bg.x, g + T_final * bg.y, b + T_final * bg.z);
  }
}
