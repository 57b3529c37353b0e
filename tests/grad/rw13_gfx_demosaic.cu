// cuad: --fn isp_demosaic --wrt raw,wb,rgb
// Camera ISP stage (the shape of raw-processing kernels in image pipelines): bilinear
// demosaicing of an RGGB Bayer mosaic with a 2-D block, the CFA phase from (x & 1, y & 1) in a
// switch, clamped-border neighbour averages through a __device__ __forceinline__ helper,
// per-channel white-balance gains passed as a float3 by value, a 3x3 color-correction matrix in
// __constant__ memory (filled with cudaMemcpyToSymbol by the application), a soft highlight
// clip x / (1 + x^4)^(1/4) and the sRGB transfer curve (linear segment / 1.055 x^(1/2.4) -
// 0.055 with powf), writing interleaved RGB floats.
#include <cuda_runtime.h>
#include <math.h>

__constant__ float c_ccm[9];

__device__ __forceinline__ float px(const float* __restrict__ raw, int W, int H, int x, int y) {
  x = min(max(x, 0), W - 1);
  y = min(max(y, 0), H - 1);
  return raw[y * W + x];
}

__device__ __forceinline__ float srgb_encode(float v) {
  return v <= 0.0031308f ? 12.92f * v : 1.055f * powf(v, 1.0f / 2.4f) - 0.055f;
}

__device__ __forceinline__ float soft_clip(float v) {
  const float v2 = v * v;
  return v / sqrtf(sqrtf(1.0f + v2 * v2));
}

__global__ void isp_demosaic(const float* __restrict__ raw, float3 wb, float* __restrict__ rgb,
                             int W, int H) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float c = px(raw, W, H, x, y);
  const float cross = 0.25f * (px(raw, W, H, x - 1, y) + px(raw, W, H, x + 1, y) +
                               px(raw, W, H, x, y - 1) + px(raw, W, H, x, y + 1));
  const float diag = 0.25f * (px(raw, W, H, x - 1, y - 1) + px(raw, W, H, x + 1, y - 1) +
                              px(raw, W, H, x - 1, y + 1) + px(raw, W, H, x + 1, y + 1));
  const float horiz = 0.5f * (px(raw, W, H, x - 1, y) + px(raw, W, H, x + 1, y));
  const float vert = 0.5f * (px(raw, W, H, x, y - 1) + px(raw, W, H, x, y + 1));
  float r, g, b;
  switch ((y & 1) * 2 + (x & 1)) {
    case 0:  // R site
      r = c; g = cross; b = diag;
      break;
    case 1:  // G on a red row
      r = horiz; g = c; b = vert;
      break;
    case 2:  // G on a blue row
      r = vert; g = c; b = horiz;
      break;
    default:  // B site
      r = diag; g = cross; b = c;
      break;
  }
  r *= wb.x;
  g *= wb.y;
  b *= wb.z;
  float out[3];
#pragma unroll
  for (int i = 0; i < 3; ++i) {
    const float lin = c_ccm[3 * i] * r + c_ccm[3 * i + 1] * g + c_ccm[3 * i + 2] * b;
    out[i] = srgb_encode(soft_clip(lin));
  }
  float* o = rgb + 3 * (y * W + x);
  o[0] = out[0];
  o[1] = out[1];
  o[2] = out[2];
}
