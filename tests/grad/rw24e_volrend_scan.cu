// cuad: --fn render_rays_scan --wrt raw_sigma,raw_rgb,out
// cuad: fwd --fn render_rays_scan --wrt raw_sigma,raw_rgb,out
// NeRF volume rendering with one block per ray and one thread per sample (single precision):
// raw network outputs are activated (softplus density with a shift, sigmoid color), the
// optical depth tau_i = sigma_i * delta_i is prefix-summed (exclusively, from a shifted copy) across the block with a
// Hillis-Steele scan in ping-pong shared buffers, the transmittance is exp(-exclusive sum),
// the compositing weight is T_i * (1 - exp(-tau_i)), and the five per-ray sums (rgb, depth,
// opacity) are reduced from a local array with warp shuffles, then across warps through
// shared memory. The last sample's delta repeats the previous one.
#include <cuda_runtime.h>

#define NS 64          // samples per ray == threads per block
#define NWARP (NS / 32)
#define NOUT 5

__device__ __forceinline__ float softplus(float x) { return x > 15.0f ? x : log1pf(expf(x)); }

__global__ void render_rays_scan(const float* __restrict__ raw_sigma, const float* __restrict__ raw_rgb,
                                 const float* __restrict__ t_vals, float density_shift,
                                 float* __restrict__ out) {
  __shared__ float s_tau[NS];
  __shared__ float scan[2][NS];
  __shared__ float partial[NWARP][NOUT];
  const int ray = blockIdx.x;
  const int i = threadIdx.x;
  const int lane = i & 31, warp = i >> 5;
  const int base = ray * NS;

  const float t = t_vals[base + i];
  const float delta = (i + 1 < NS) ? t_vals[base + i + 1] - t : t - t_vals[base + i - 1];
  const float sigma = softplus(raw_sigma[base + i] + density_shift);
  const float tau = sigma * delta;

  s_tau[i] = tau;
  __syncthreads();
  int src = 0;
  scan[src][i] = i > 0 ? s_tau[i - 1] : 0.0f;  // exclusive scan
  __syncthreads();
  for (int off = 1; off < NS; off <<= 1) {
    float v = scan[src][i];
    if (i >= off) v += scan[src][i - off];
    scan[1 - src][i] = v;
    src = 1 - src;
    __syncthreads();
  }
  const float excl = scan[src][i];
  const float T = expf(-excl);
  const float w = T * (1.0f - expf(-tau));

  float v[NOUT];
  for (int c = 0; c < 3; ++c) v[c] = w / (1.0f + expf(-raw_rgb[3 * (base + i) + c]));
  v[3] = w * t;
  v[4] = w;
  for (int off = 16; off > 0; off >>= 1)
    for (int c = 0; c < NOUT; ++c) v[c] += __shfl_down_sync(0xffffffffu, v[c], off);
  if (lane == 0)
    for (int c = 0; c < NOUT; ++c) partial[warp][c] = v[c];
  __syncthreads();
  if (i < NOUT) {
    float s = 0.0f;
    for (int k = 0; k < NWARP; ++k) s += partial[k][i];
    out[NOUT * ray + i] = s;
  }
}
