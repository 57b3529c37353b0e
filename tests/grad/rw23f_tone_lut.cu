// cuad: --fn tone_curve --wrt v,knots
// cuad: --fn apply_tone --wrt img,knots,out
// A learnable tone curve: NK monotone knots built from unconstrained parameters (cumulative
// sums of softplus increments, normalized) into a per-thread local LUT, evaluated at a pixel
// by a Catmull-Rom-free piecewise-linear lookup at a data-dependent bin (the local array is
// indexed by an int computed from the pixel value). The kernel applies it per channel of an
// interleaved RGB float image with a saturation-preserving luminance blend.
#include <cuda_runtime.h>

#define NK 9

__device__ float tone_curve(float v, const float* knots) {
  float lut[NK + 1];
  lut[0] = 0.0f;
  for (int k = 0; k < NK; ++k) lut[k + 1] = lut[k] + log1pf(expf(knots[k]));
  const float inv_total = 1.0f / lut[NK];
  const float pos = fminf(fmaxf(v, 0.0f), 0.9999f) * NK;
  const int b = (int)pos;
  const float fr = pos - (float)b;
  return (lut[b] + fr * (lut[b + 1] - lut[b])) * inv_total;
}

__global__ void apply_tone(const float* __restrict__ img, const float* __restrict__ knots, int n,
                           float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float r = img[3 * i], g = img[3 * i + 1], b = img[3 * i + 2];
  const float luma = 0.299f * r + 0.587f * g + 0.114f * b;
  const float mapped = tone_curve(luma, knots);
  const float ratio = mapped / (luma + 1e-3f);
  out[3 * i] = r * ratio;
  out[3 * i + 1] = g * ratio;
  out[3 * i + 2] = b * ratio;
}
