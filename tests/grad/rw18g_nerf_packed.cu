// cuad: --fn volume_render_packed --wrt sigmas,rgbs,t_starts,t_ends,weights,out_rgb,out_depth,out_opacity
// cuad: fwd --fn volume_render_packed --wrt sigmas,rgbs,weights,out_rgb,out_depth,out_opacity
// NeRF volume rendering over packed samples (the layout of nerfacc / instant-NGP's
// composite kernels): one thread per ray, packed_info[ray] = (first sample, sample count)
// into flat arrays of densities, float3 colors and [t_start, t_end) intervals;
// alpha = 1 - exp(-sigma * delta), weights T * alpha stored per sample, transmittance as a
// running product, accumulated color, expected depth at the interval midpoint and opacity,
// early stop once T drops below a threshold (the remaining samples get weight 0), and a
// white background blended with the final transmittance when requested.
#include <cuda_runtime.h>

__global__ void volume_render_packed(const int n_rays, const int2* __restrict__ packed_info,
                                     const float* __restrict__ sigmas,
                                     const float3* __restrict__ rgbs,
                                     const float* __restrict__ t_starts,
                                     const float* __restrict__ t_ends, const float early_stop_eps,
                                     const bool white_bkgd, float* __restrict__ weights,
                                     float3* __restrict__ out_rgb, float* __restrict__ out_depth,
                                     float* __restrict__ out_opacity) {
  const int ray = blockIdx.x * blockDim.x + threadIdx.x;
  if (ray >= n_rays) return;
  const int base = packed_info[ray].x;
  const int steps = packed_info[ray].y;

  float T = 1.f;
  float3 rgb = make_float3(0.f, 0.f, 0.f);
  float depth = 0.f, opacity = 0.f;
  int j = 0;
  for (; j < steps; ++j) {
    if (T < early_stop_eps) break;
    const int s = base + j;
    const float delta = t_ends[s] - t_starts[s];
    const float alpha = 1.f - __expf(-sigmas[s] * delta);
    const float w = alpha * T;
    weights[s] = w;
    rgb.x += w * rgbs[s].x;
    rgb.y += w * rgbs[s].y;
    rgb.z += w * rgbs[s].z;
    depth += w * 0.5f * (t_starts[s] + t_ends[s]);
    opacity += w;
    T *= 1.f - alpha;
  }
  for (; j < steps; ++j) weights[base + j] = 0.f;

  if (white_bkgd) {
    rgb.x += 1.f - opacity;
    rgb.y += 1.f - opacity;
    rgb.z += 1.f - opacity;
  }
  out_rgb[ray] = rgb;
  out_depth[ray] = depth;
  out_opacity[ray] = opacity;
}
