// cuad: --fn affine_grid_sample --wrt img,theta,out
// cuad: fwd --fn affine_grid_sample --wrt img,theta,out
// cuad: --fn sample_coords --wrt img,coords,out
// Spatial transformer: an affine grid (theta, 2x3) maps each output pixel to a source
// position, sampled bilinearly with border padding (corner indices clamped with min/max),
// floorf + int casts, a 2-D launch with dim3, float2 coordinates. The gradient w.r.t. theta is
// reduced over all pixels.
#include <cuda_runtime.h>

struct Tap { int i00, i01, i10, i11; float ax, ay; };

__device__ inline int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

__device__ Tap make_tap(float2 p, int W, int H) {
  float fx = (p.x + 1.0f) * 0.5f * (W - 1);
  float fy = (p.y + 1.0f) * 0.5f * (H - 1);
  float x0f = floorf(fx), y0f = floorf(fy);
  int x0 = (int)x0f, y0 = (int)y0f;
  Tap t;
  t.ax = fx - x0f;
  t.ay = fy - y0f;
  int xa = clampi(x0, 0, W - 1), xb = clampi(x0 + 1, 0, W - 1);
  int ya = clampi(y0, 0, H - 1), yb = clampi(y0 + 1, 0, H - 1);
  t.i00 = ya * W + xa; t.i01 = ya * W + xb; t.i10 = yb * W + xa; t.i11 = yb * W + xb;
  return t;
}

__device__ float bilerp(const float* im, const Tap& t) {
  float top = im[t.i00] * (1.0f - t.ax) + im[t.i01] * t.ax;
  float bot = im[t.i10] * (1.0f - t.ax) + im[t.i11] * t.ax;
  return top * (1.0f - t.ay) + bot * t.ay;
}

__global__ void affine_grid_sample(const float* img, const float* theta, float* out, int W,
                                   int H, int C) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float u = 2.0f * x / (W - 1) - 1.0f, v = 2.0f * y / (H - 1) - 1.0f;
  float2 p = make_float2(theta[0] * u + theta[1] * v + theta[2],
                         theta[3] * u + theta[4] * v + theta[5]);
  Tap t = make_tap(p, W, H);
  for (int c = 0; c < C; ++c) out[(c * H + y) * W + x] = bilerp(img + c * W * H, t);
}

__global__ void sample_coords(const float* img, const float2* coords, float* out, int n, int W,
                              int H) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n) return;
  Tap t = make_tap(coords[s], W, H);
  float v = bilerp(img, t);
  out[s] = v * v;
}
