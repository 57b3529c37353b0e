// cuad: --fn render_voxels --wrt density,sh,out_rgb
// cuad: fwd --fn render_voxels --wrt density,sh,out_rgb
// Plenoxels-style rendering of a dense voxel grid, single precision: each voxel stores a
// density and degree-1 spherical-harmonics coefficients (4 per channel, 12 floats, layout
// [voxel][channel][coef]); one thread per ray marches a fixed number of steps from its
// entry point, clamps the sample into the grid, interpolates density and SH coefficients
// trilinearly from the 8 surrounding voxels (corner offsets and weights in local arrays
// under #pragma unroll), skips samples whose density is not above a threshold (negative
// densities are empty space), evaluates the SH basis in the ray direction (constants as
// #define), a sigmoid color, alpha = 1 - exp(-sigma * step), the transmittance as a running
// product with an early stop, and the background behind the last sample. Options in a struct
// passed by value; the adjoint of the grid is scattered by many rays into the same voxels.
#include <cuda_runtime.h>

#define RESO 5
#define SH_DIM 4
#define SH_C0 0.28209479177387814f
#define SH_C1 0.4886025119029199f

struct RenderOptions {
  float step_size;
  float sigma_thresh;
  float stop_thresh;
  float background;
  int n_steps;
};

__device__ __forceinline__ int voxel_index(int x, int y, int z) { return (x * RESO + y) * RESO + z; }

__device__ __forceinline__ float clampf(float v, float lo, float hi) { return fminf(fmaxf(v, lo), hi); }

__device__ __forceinline__ void sh_basis_deg1(float3 d, float* __restrict__ b) {
  b[0] = SH_C0;
  b[1] = -SH_C1 * d.y;
  b[2] = SH_C1 * d.z;
  b[3] = -SH_C1 * d.x;
}

__global__ void render_voxels(int n_rays, const float3* __restrict__ origins,
                              const float3* __restrict__ dirs, const float* __restrict__ t_near,
                              const float* __restrict__ density, const float* __restrict__ sh,
                              RenderOptions opt, float* __restrict__ out_rgb) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  const float3 o = origins[r], d = dirs[r];
  float basis[SH_DIM];
  sh_basis_deg1(d, basis);
  float T = 1.0f;
  float rgb[3] = {0.0f, 0.0f, 0.0f};
  float t = t_near[r];
  for (int s = 0; s < opt.n_steps; ++s, t += opt.step_size) {
    const float px = clampf(o.x + t * d.x, 0.0f, RESO - 1.001f);
    const float py = clampf(o.y + t * d.y, 0.0f, RESO - 1.001f);
    const float pz = clampf(o.z + t * d.z, 0.0f, RESO - 1.001f);
    const int lx = (int)floorf(px), ly = (int)floorf(py), lz = (int)floorf(pz);
    const float fx = px - lx, fy = py - ly, fz = pz - lz;
    int corner[8];
    float wgt[8];
#pragma unroll
    for (int c = 0; c < 8; ++c) {
      const int dx = (c >> 2) & 1, dy = (c >> 1) & 1, dz = c & 1;
      corner[c] = voxel_index(lx + dx, ly + dy, lz + dz);
      wgt[c] = (dx ? fx : 1.0f - fx) * (dy ? fy : 1.0f - fy) * (dz ? fz : 1.0f - fz);
    }
    float sigma = 0.0f;
#pragma unroll
    for (int c = 0; c < 8; ++c) sigma += wgt[c] * density[corner[c]];
    if (sigma <= opt.sigma_thresh) continue;
    const float alpha = 1.0f - expf(-sigma * opt.step_size);
    const float weight = T * alpha;
    for (int ch = 0; ch < 3; ++ch) {
      float v = 0.0f;
      for (int k = 0; k < SH_DIM; ++k) {
        float coef = 0.0f;
#pragma unroll
        for (int c = 0; c < 8; ++c) coef += wgt[c] * sh[(corner[c] * 3 + ch) * SH_DIM + k];
        v += basis[k] * coef;
      }
      rgb[ch] += weight / (1.0f + expf(-v));
    }
    T *= 1.0f - alpha;
    if (T < opt.stop_thresh) break;
  }
  for (int ch = 0; ch < 3; ++ch) out_rgb[3 * r + ch] = rgb[ch] + T * opt.background;
}
