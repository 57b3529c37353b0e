// cuad: --fn color_pipeline --wrt raw,isp,rgb
// A tiny ISP stage per pixel: black level and per-channel white balance from a struct, a 3x3
// colour-correction matrix stored as a 2-D array member of the same struct (applied under
// nested #pragma unroll loops), a chroma gradient vector computed by a helper returning
// float2 (its length damps saturation), and an sRGB-like gamma. Parameters by value.
#include <cuda_runtime.h>

struct IspParams {
  float black;
  float wb[3];
  float ccm[3][3];
  float gamma;
};

__device__ float2 chroma_vec(float r, float g, float b) {
  float2 c;
  c.x = r - g;
  c.y = b - g;
  return c;
}

__global__ void color_pipeline(const float* __restrict__ raw, int n, IspParams isp, float* __restrict__ rgb) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float lin[3];
#pragma unroll
  for (int c = 0; c < 3; ++c) lin[c] = (raw[3 * i + c] - isp.black) * isp.wb[c];
  float cc[3];
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    float s = 0.0f;
#pragma unroll
    for (int c = 0; c < 3; ++c) s += isp.ccm[r][c] * lin[c];
    cc[r] = s;
  }
  const float2 ch = chroma_vec(cc[0], cc[1], cc[2]);
  const float sat = 1.0f / (1.0f + 0.5f * sqrtf(ch.x * ch.x + ch.y * ch.y + 1e-4f));
  const float luma = (cc[0] + cc[1] + cc[2]) * (1.0f / 3.0f);
#pragma unroll
  for (int c = 0; c < 3; ++c) {
    const float v = luma + sat * (cc[c] - luma);
    rgb[3 * i + c] = powf(fmaxf(v, 1e-4f), 1.0f / isp.gamma);
  }
}
