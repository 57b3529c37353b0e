// cuad: --fn warp_photometric --wrt tex,affine,warped,loss
// cuad: fwd --fn warp_photometric --wrt tex,affine,warped,loss
// Image alignment by differentiable warping, single precision: a 2x3 affine transform maps
// each output pixel center (normalised to [-1, 1]) into a source RGB texture, sampled with
// bilinear filtering and clamp addressing the way a CUDA texture unit does it (sample at
// coordinate - 0.5, taps at floor and floor + 1, each tap index clamped to the edge, so
// samples beyond the border repeat the edge texel). The warped image is written out and a
// Charbonnier photometric loss against a target is reduced per 8x8 block in shared memory
// (threads outside the image add zero) with one atomicAdd per block. Gradients flow to the
// texture (taps shared by neighbouring pixels) and to the six affine parameters.
#include <cuda_runtime.h>

#define CH 3
#define BLOCK_W 8
#define BLOCK_H 8
#define CHARB_EPS2 1e-3f

__device__ __forceinline__ float texel_clamped(const float* __restrict__ tex, int w, int h, int x, int y, int c) {
  x = min(max(x, 0), w - 1);
  y = min(max(y, 0), h - 1);
  return tex[(y * w + x) * CH + c];
}

__device__ __forceinline__ void tex2d_bilinear_clamp(const float* __restrict__ tex, int w, int h, float u,
                                                     float v, float* __restrict__ out) {
  const float x = u * w - 0.5f, y = v * h - 0.5f;
  const float fx = floorf(x), fy = floorf(y);
  const int ix = (int)fx, iy = (int)fy;
  const float ax = x - fx, ay = y - fy;
#pragma unroll
  for (int c = 0; c < CH; ++c) {
    const float top = (1.0f - ax) * texel_clamped(tex, w, h, ix, iy, c) + ax * texel_clamped(tex, w, h, ix + 1, iy, c);
    const float bot = (1.0f - ax) * texel_clamped(tex, w, h, ix, iy + 1, c) +
                      ax * texel_clamped(tex, w, h, ix + 1, iy + 1, c);
    out[c] = (1.0f - ay) * top + ay * bot;
  }
}

__global__ void warp_photometric(const float* __restrict__ tex, int tw, int th, const float* __restrict__ affine,
                                 const float* __restrict__ target, int W, int H, float inv_count,
                                 float* __restrict__ warped, float* __restrict__ loss) {
  __shared__ float partial[BLOCK_W * BLOCK_H];
  const int px = blockIdx.x * BLOCK_W + threadIdx.x, py = blockIdx.y * BLOCK_H + threadIdx.y;
  const int tid = threadIdx.y * BLOCK_W + threadIdx.x;
  float e = 0.0f;
  if (px < W && py < H) {
    const float xn = (2.0f * px + 1.0f) / W - 1.0f, yn = (2.0f * py + 1.0f) / H - 1.0f;
    const float sx = affine[0] * xn + affine[1] * yn + affine[2];
    const float sy = affine[3] * xn + affine[4] * yn + affine[5];
    float rgb[CH];
    tex2d_bilinear_clamp(tex, tw, th, 0.5f * (sx + 1.0f), 0.5f * (sy + 1.0f), rgb);
    for (int c = 0; c < CH; ++c) {
      const int o = (py * W + px) * CH + c;
      warped[o] = rgb[c];
      const float r = rgb[c] - target[o];
      e += sqrtf(r * r + CHARB_EPS2) * inv_count;
    }
  }
  partial[tid] = e;
  __syncthreads();
  for (int s = BLOCK_W * BLOCK_H / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(loss, partial[0]);
}
