// cuad: --fn grid_sample2d<3> --wrt img,grid,out
// cuad: fwd --fn grid_sample2d<3>
// Kornia / torch-style bilinear grid_sample on a batch of HWC images (channel count as a
// template parameter), with zeros or border padding and both align_corners conventions: the
// sampling grid is read as double2 (normalised [-1, 1] coordinates), unnormalised by a helper,
// clamped to the image for border padding, and the four bilinear taps are fetched by a helper
// that returns early for a tap outside the image (zero padding) and adds into a local
// accumulator array through a pointer. Shape and options travel in a struct passed by value.
#include <cuda_runtime.h>

enum PaddingMode { kZeros = 0, kBorder = 1 };

struct SampleShape {
  int H, W;    // input image
  int Ho, Wo;  // sampling grid
  int padding;
  bool align_corners;
};

__device__ __forceinline__ double clamp_d(double v, double lo, double hi) {
  return fmin(fmax(v, lo), hi);
}

__device__ double unnormalize(double coord, int size, bool align_corners) {
  if (align_corners) return (coord + 1.0) * 0.5 * (size - 1);
  return ((coord + 1.0) * size - 1.0) * 0.5;
}

__device__ double source_index(double coord, int size, int padding, bool align_corners) {
  coord = unnormalize(coord, size, align_corners);
  if (padding == kBorder) coord = clamp_d(coord, 0.0, (double)(size - 1));
  return coord;
}

template <int C>
__device__ void accumulate_tap(const double* im, int H, int W, int y, int x, double wgt,
                               double* acc) {
  if (x < 0 || x >= W || y < 0 || y >= H) return;  // outside: contributes zero
  const double* p = im + (y * W + x) * C;
#pragma unroll
  for (int c = 0; c < C; ++c) acc[c] += wgt * p[c];
}

template <int C>
__global__ void grid_sample2d(const double* __restrict__ img, const double2* __restrict__ grid,
                              SampleShape s, double* __restrict__ out, int B) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  const int n_out = s.Ho * s.Wo;
  if (idx >= B * n_out) return;
  const int b = idx / n_out;
  const double2 g = grid[idx];
  const double ix = source_index(g.x, s.W, s.padding, s.align_corners);
  const double iy = source_index(g.y, s.H, s.padding, s.align_corners);
  const int x0 = (int)floor(ix), y0 = (int)floor(iy);
  const double tx = ix - x0, ty = iy - y0;
  double acc[C];
#pragma unroll
  for (int c = 0; c < C; ++c) acc[c] = 0.0;
  const double* im = img + (size_t)b * s.H * s.W * C;
  accumulate_tap<C>(im, s.H, s.W, y0, x0, (1.0 - tx) * (1.0 - ty), acc);
  accumulate_tap<C>(im, s.H, s.W, y0, x0 + 1, tx * (1.0 - ty), acc);
  accumulate_tap<C>(im, s.H, s.W, y0 + 1, x0, (1.0 - tx) * ty, acc);
  accumulate_tap<C>(im, s.H, s.W, y0 + 1, x0 + 1, tx * ty, acc);
#pragma unroll
  for (int c = 0; c < C; ++c) out[idx * C + c] = acc[c];
}
