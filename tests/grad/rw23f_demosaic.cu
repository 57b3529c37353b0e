// cuad: --fn demosaic_bilinear --wrt bayer,wb,rgb
// Bilinear demosaicing of an RGGB Bayer mosaic: the colour at a pixel is chosen by a switch
// on the 2x2 pattern position; missing channels are averaged from the 4-neighbourhood (cross
// or diagonal) with clamp-to-edge addressing through a helper; the result is white-balanced
// by per-channel gains (a struct by value) and gamma-encoded with powf. Output is float3.
#include <cuda_runtime.h>

struct WhiteBalance {
  float r, g, b;
  float gamma;
};

__device__ __forceinline__ float px(const float* __restrict__ m, int x, int y, int W, int H) {
  x = x < 0 ? -x : (x >= W ? 2 * W - 2 - x : x);  // mirror keeps the Bayer phase
  y = y < 0 ? -y : (y >= H ? 2 * H - 2 - y : y);
  return m[y * W + x];
}

__device__ float cross_avg(const float* m, int x, int y, int W, int H) {
  return 0.25f * (px(m, x - 1, y, W, H) + px(m, x + 1, y, W, H) + px(m, x, y - 1, W, H) +
                  px(m, x, y + 1, W, H));
}
__device__ float diag_avg(const float* m, int x, int y, int W, int H) {
  return 0.25f * (px(m, x - 1, y - 1, W, H) + px(m, x + 1, y - 1, W, H) +
                  px(m, x - 1, y + 1, W, H) + px(m, x + 1, y + 1, W, H));
}
__device__ float horiz_avg(const float* m, int x, int y, int W, int H) {
  return 0.5f * (px(m, x - 1, y, W, H) + px(m, x + 1, y, W, H));
}
__device__ float vert_avg(const float* m, int x, int y, int W, int H) {
  return 0.5f * (px(m, x, y - 1, W, H) + px(m, x, y + 1, W, H));
}

__global__ void demosaic_bilinear(const float* __restrict__ bayer, int W, int H, WhiteBalance wb,
                                  float3* __restrict__ rgb) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float c = bayer[y * W + x];
  float r, g, b;
  switch (((y & 1) << 1) | (x & 1)) {
    case 0:  // R
      r = c; g = cross_avg(bayer, x, y, W, H); b = diag_avg(bayer, x, y, W, H);
      break;
    case 1:  // G on a red row
      r = horiz_avg(bayer, x, y, W, H); g = c; b = vert_avg(bayer, x, y, W, H);
      break;
    case 2:  // G on a blue row
      r = vert_avg(bayer, x, y, W, H); g = c; b = horiz_avg(bayer, x, y, W, H);
      break;
    default:  // B
      r = diag_avg(bayer, x, y, W, H); g = cross_avg(bayer, x, y, W, H); b = c;
      break;
  }
  const float inv_gamma = 1.0f / wb.gamma;
  float3 o;
  o.x = powf(wb.r * r, inv_gamma);
  o.y = powf(wb.g * g, inv_gamma);
  o.z = powf(wb.b * b, inv_gamma);
  rgb[y * W + x] = o;
}
