// cuad: --fn composite_rays --wrt sigmas,rgbs,bg,out_rgb,out_depth,out_opacity
// cuad: --fn render_blobs --wrt blobs_h,out_h
// cuad: fwd --fn composite_rays --wrt sigmas,rgbs,out_rgb,out_depth,out_opacity
// NeRF-style volume rendering with one warp per ray (float), as packed-ray renderers do: each
// ray owns a variable number of samples (CSR offsets), the warp walks them in chunks of 32, the
// optical depth is an inclusive warp scan (__shfl_up_sync) of sigma * dt plus a carry that the
// last lane broadcasts to the next chunk (__shfl_sync), the transmittance exp(-exclusive depth),
// alpha = 1 - exp(-sigma dt), and the color, expected depth and opacity are butterfly-reduced
// (__shfl_xor_sync) before lane 0 writes them with the background. A host function evaluates
// a density field of Gaussian blobs (density, per-blob color through a sigmoid) at the ray
// samples with a first kernel, composites with the second, and copies the pixels back.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

struct Blob {
  float cx, cy, cz, inv_r2, dens, r, g, b;
};

__device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }

__global__ void composite_rays(const int* __restrict__ offsets, int n_rays, const float* __restrict__ sigmas,
                               const float3* __restrict__ rgbs, const float* __restrict__ ts,
                               const float* __restrict__ dts, float3 bg, float3* __restrict__ out_rgb,
                               float* __restrict__ out_depth, float* __restrict__ out_opacity) {
  const int ray = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x & 31;
  if (ray >= n_rays) return;
  const int begin = offsets[ray], end = offsets[ray + 1];
  float carry = 0.0f;
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  float depth = 0.0f, opacity = 0.0f;
  for (int base = begin; base < end; base += 32) {
    const int s = base + lane;
    const bool valid = s < end;
    const float sd = valid ? sigmas[s] * dts[s] : 0.0f;
    float incl = sd;
#pragma unroll
    for (int off = 1; off < 32; off *= 2) {
      const float y = __shfl_up_sync(FULL_MASK, incl, off);
      if (lane >= off) incl += y;
    }
    if (valid) {
      const float T = expf(-(carry + incl - sd));
      const float w = T * (1.0f - expf(-sd));
      acc = acc + w * rgbs[s];
      depth += w * ts[s];
      opacity += w;
    }
    carry += __shfl_sync(FULL_MASK, incl, 31);
  }
  for (int off = 16; off > 0; off >>= 1) {
    acc.x += __shfl_xor_sync(FULL_MASK, acc.x, off);
    acc.y += __shfl_xor_sync(FULL_MASK, acc.y, off);
    acc.z += __shfl_xor_sync(FULL_MASK, acc.z, off);
    depth += __shfl_xor_sync(FULL_MASK, depth, off);
    opacity += __shfl_xor_sync(FULL_MASK, opacity, off);
  }
  if (lane == 0) {
    out_rgb[ray] = acc + (1.0f - opacity) * bg;
    out_depth[ray] = depth;
    out_opacity[ray] = opacity;
  }
}

__global__ void query_blobs(const float3* __restrict__ pos, int n, const Blob* __restrict__ blobs, int nb,
                            float* __restrict__ sigmas, float3* __restrict__ rgbs) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 p = pos[i];
  float sigma = 0.0f, cr = 0.0f, cg = 0.0f, cb = 0.0f;
  for (int k = 0; k < nb; ++k) {
    const Blob& b = blobs[k];
    const float dx = p.x - b.cx, dy = p.y - b.cy, dz = p.z - b.cz;
    const float d = b.dens * __expf(-(dx * dx + dy * dy + dz * dz) * b.inv_r2);
    sigma += d;
    cr += d * b.r;
    cg += d * b.g;
    cb += d * b.b;
  }
  const float inv = 1.0f / (sigma + 1e-3f);
  sigmas[i] = sigma;
  rgbs[i] = make_float3(1.0f / (1.0f + __expf(-cr * inv)), 1.0f / (1.0f + __expf(-cg * inv)),
                        1.0f / (1.0f + __expf(-cb * inv)));
}

// Renders n_rays rays with CSR sample offsets (host arrays); writes rgb, depth, opacity per ray.
void render_blobs(const Blob* blobs_h, int nb, const float* pos_h, const float* ts_h, const float* dts_h,
                  const int* offsets_h, int n_rays, float* out_h) {
  const int n = offsets_h[n_rays];
  Blob* d_blobs;
  float3 *d_pos, *d_rgbs, *d_rgb;
  float *d_ts, *d_dts, *d_sig, *d_depth, *d_opac;
  int* d_off;
  cudaMalloc(&d_blobs, nb * sizeof(Blob));
  cudaMalloc(&d_pos, n * sizeof(float3));
  cudaMalloc(&d_rgbs, n * sizeof(float3));
  cudaMalloc(&d_ts, n * sizeof(float));
  cudaMalloc(&d_dts, n * sizeof(float));
  cudaMalloc(&d_sig, n * sizeof(float));
  cudaMalloc(&d_off, (n_rays + 1) * sizeof(int));
  cudaMalloc(&d_rgb, n_rays * sizeof(float3));
  cudaMalloc(&d_depth, n_rays * sizeof(float));
  cudaMalloc(&d_opac, n_rays * sizeof(float));
  cudaMemcpy(d_blobs, blobs_h, nb * sizeof(Blob), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pos, pos_h, n * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ts, ts_h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dts, dts_h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_off, offsets_h, (n_rays + 1) * sizeof(int), cudaMemcpyHostToDevice);
  query_blobs<<<(n + 63) / 64, 64>>>(d_pos, n, d_blobs, nb, d_sig, d_rgbs);
  composite_rays<<<(32 * n_rays + 63) / 64, 64>>>(d_off, n_rays, d_sig, d_rgbs, d_ts, d_dts,
                                                  make_float3(1.0f, 1.0f, 1.0f), d_rgb, d_depth, d_opac);
  cudaMemcpy(out_h, d_rgb, n_rays * sizeof(float3), cudaMemcpyDeviceToHost);
  cudaMemcpy(out_h + 3 * n_rays, d_depth, n_rays * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(out_h + 4 * n_rays, d_opac, n_rays * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_blobs);
  cudaFree(d_pos);
  cudaFree(d_rgbs);
  cudaFree(d_ts);
  cudaFree(d_dts);
  cudaFree(d_sig);
  cudaFree(d_off);
  cudaFree(d_rgb);
  cudaFree(d_depth);
  cudaFree(d_opac);
}
