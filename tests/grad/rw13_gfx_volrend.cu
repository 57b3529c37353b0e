// cuad: --fn composite_rays --wrt raw_sigma,raw_rgb,image,depth,opacity
// cuad: fwd --fn composite_rays --wrt raw_sigma,raw_rgb,image,depth,opacity
// NeRF-style volume rendering of packed ray samples (the shape of torch-ngp's
// composite_rays_train forward): rays[r] = (offset, count) into flat sample arrays, a
// grid-stride loop over rays, density through an exponential activation (__expf) and color
// through a sigmoid, alpha = 1 - exp(-sigma * delta), weights alpha * T accumulated into
// RGB, expected depth and opacity, front to back, with early ray termination once the
// transmittance falls below T_thresh (break); pointers advanced to the ray's samples.
#include <cuda_runtime.h>

__device__ __forceinline__ float sigmoidf(float x) { return 1.0f / (1.0f + __expf(-x)); }

__global__ void composite_rays(const float* __restrict__ raw_sigma, const float* __restrict__ raw_rgb,
                               const float* __restrict__ deltas, const float* __restrict__ ts,
                               const int2* __restrict__ rays, int n_rays, float T_thresh,
                               float* __restrict__ image, float* __restrict__ depth,
                               float* __restrict__ opacity) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n_rays; r += blockDim.x * gridDim.x) {
    const int offset = rays[r].x, num = rays[r].y;
    const float* s = raw_sigma + offset;
    const float* c = raw_rgb + 3 * offset;
    const float* dl = deltas + offset;
    const float* tt = ts + offset;
    float T = 1.0f, wsum = 0.0f, d = 0.0f, cr = 0.0f, cg = 0.0f, cb = 0.0f;
    for (int step = 0; step < num; ++step) {
      const float sigma = __expf(s[step]);
      const float alpha = 1.0f - __expf(-sigma * dl[step]);
      const float weight = alpha * T;
      cr += weight * sigmoidf(c[3 * step + 0]);
      cg += weight * sigmoidf(c[3 * step + 1]);
      cb += weight * sigmoidf(c[3 * step + 2]);
      d += weight * tt[step];
      wsum += weight;
      T *= 1.0f - alpha;
      if (T < T_thresh) break;
    }
    image[3 * r + 0] = cr;
    image[3 * r + 1] = cg;
    image[3 * r + 2] = cb;
    depth[r] = d;
    opacity[r] = wsum;
  }
}
