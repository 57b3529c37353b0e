// cuad: --fn grid_sample_nhwc<Padding::Border> --wrt input,grid,output
// cuad: --fn grid_sample_nhwc<Padding::Zeros> --wrt input,grid,output
// cuad: fwd --fn grid_sample_nhwc<Padding::Border> --wrt input,grid,output
// Bilinear grid_sample on channels-last feature maps, as used for feature-plane lookups in
// neural fields (EG3D / K-planes style triplane sampling) and warping: an enum class
// template parameter picks the padding, normalized [-1, 1] coordinates are unnormalized
// (align_corners as a flag), Border clips them into the image (clip_coordinates), Zeros masks
// out-of-range corners; the corner weights come from floor(), and the channel loop reads
// four channel vectors through row pointers. One thread per output location, grid-stride.
#include <cuda_runtime.h>
#include <math.h>

enum class Padding { Zeros, Border };

__device__ __forceinline__ double unnormalize(double coord, int size, bool align_corners) {
  return align_corners ? (coord + 1.0) * 0.5 * (size - 1) : ((coord + 1.0) * size - 1.0) * 0.5;
}

__device__ __forceinline__ double clip_coordinates(double in, int clip_limit) {
  return fmin((double)(clip_limit - 1), fmax(in, 0.0));
}

__device__ __forceinline__ bool within_bounds_2d(int h, int w, int H, int W) {
  return h >= 0 && h < H && w >= 0 && w < W;
}

template <Padding P>
__global__ void grid_sample_nhwc(const double* __restrict__ input, const double2* __restrict__ grid,
                                 double* __restrict__ output, int N, int H, int W, int C, int Ho,
                                 int Wo, bool align_corners) {
  const int total = N * Ho * Wo;
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
       idx += blockDim.x * gridDim.x) {
    const int n = idx / (Ho * Wo);
    const double2 g = grid[idx];
    double ix = unnormalize(g.x, W, align_corners);
    double iy = unnormalize(g.y, H, align_corners);
    if (P == Padding::Border) {
      ix = clip_coordinates(ix, W);
      iy = clip_coordinates(iy, H);
    }
    const int ix_nw = (int)floor(ix), iy_nw = (int)floor(iy);
    const int ix_se = ix_nw + 1, iy_se = iy_nw + 1;
    const double tx = ix - ix_nw, ty = iy - iy_nw;
    const double w_nw = (1 - tx) * (1 - ty), w_ne = tx * (1 - ty);
    const double w_sw = (1 - tx) * ty, w_se = tx * ty;

    const double* img = input + (size_t)n * H * W * C;
    double* out = output + (size_t)idx * C;
    for (int c = 0; c < C; ++c) {
      double acc = 0.0;
      if (within_bounds_2d(iy_nw, ix_nw, H, W)) acc += img[(iy_nw * W + ix_nw) * C + c] * w_nw;
      if (within_bounds_2d(iy_nw, ix_se, H, W)) acc += img[(iy_nw * W + ix_se) * C + c] * w_ne;
      if (within_bounds_2d(iy_se, ix_nw, H, W)) acc += img[(iy_se * W + ix_nw) * C + c] * w_sw;
      if (within_bounds_2d(iy_se, ix_se, H, W)) acc += img[(iy_se * W + ix_se) * C + c] * w_se;
      out[c] = acc;
    }
  }
}
