// cuad: --fn backward_warp --wrt img,flow,out
// cuad: fwd --fn backward_warp --wrt img,flow,out
// Backward warping of a multi-channel image by a dense optical flow field, as flow networks
// do: the flow is read as float2 through __ldg(reinterpret_cast<const float2*>), the sample
// position is clamped to the image (clamp-to-edge), bilinear weights come from floorf, the
// four taps are read for each channel of a planar [C][H][W] image, and an occlusion mask
// from the flow magnitude (a smooth falloff) scales the result.
#include <cuda_runtime.h>

struct Taps {
  int x0, y0, x1, y1;
  float wx, wy;
};

__device__ __forceinline__ Taps make_taps(float sx, float sy, int W, int H) {
  sx = fminf(fmaxf(sx, 0.0f), (float)(W - 1));
  sy = fminf(fmaxf(sy, 0.0f), (float)(H - 1));
  Taps t;
  t.x0 = (int)floorf(sx);
  t.y0 = (int)floorf(sy);
  t.x1 = min(t.x0 + 1, W - 1);
  t.y1 = min(t.y0 + 1, H - 1);
  t.wx = sx - t.x0;
  t.wy = sy - t.y0;
  return t;
}

__global__ void backward_warp(const float* __restrict__ img, const float* __restrict__ flow, int C,
                              int W, int H, float* __restrict__ out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float2 f = __ldg(reinterpret_cast<const float2*>(flow) + y * W + x);
  const Taps t = make_taps(x + f.x, y + f.y, W, H);
  const float mag2 = f.x * f.x + f.y * f.y;
  const float mask = 1.0f / (1.0f + 0.05f * mag2);
  for (int c = 0; c < C; ++c) {
    const float* p = img + c * W * H;
    const float top = (1.0f - t.wx) * __ldg(p + t.y0 * W + t.x0) + t.wx * __ldg(p + t.y0 * W + t.x1);
    const float bot = (1.0f - t.wx) * __ldg(p + t.y1 * W + t.x0) + t.wx * __ldg(p + t.y1 * W + t.x1);
    out[(c * H + y) * W + x] = mask * ((1.0f - t.wy) * top + t.wy * bot);
  }
}
