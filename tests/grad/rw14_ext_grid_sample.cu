// cuad: fwd --fn grid_sampler_2d_kernel<double> --wrt input,grid,output
// cuad: --fn grid_sampler_2d_kernel<double> --wrt input,grid,output
// grid_sample (bilinear, padding_mode="zeros") forward in the style of PyTorch's
// GridSampler.cu, without torch: one thread per output pixel (n, h, w) via CUDA_KERNEL_LOOP,
// every tensor addressed through explicit int64 strides (the grid is a non-contiguous view
// with its coordinate pair in the outer dimension), unnormalization with align_corners as a
// runtime flag, floor() for the north-west corner, a within_bounds_2d mask per corner, and a
// loop over channels that advances the input and output pointers by their channel strides.
// Forward mode (tangents of input and grid) and reverse mode.
#include <cuda_runtime.h>
#include <cstdint>

#define CUDA_KERNEL_LOOP(i, n)                                                       \
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (n); \
       i += (int64_t)blockDim.x * gridDim.x)

template <typename scalar_t>
__device__ __forceinline__ scalar_t grid_sampler_unnormalize(scalar_t coord, int64_t size,
                                                             bool align_corners) {
  if (align_corners) return ((coord + 1) / 2) * (size - 1);
  return ((coord + 1) * size - 1) / 2;
}

__device__ __forceinline__ bool within_bounds_2d(int64_t h, int64_t w, int64_t H, int64_t W) {
  return h >= 0 && h < H && w >= 0 && w < W;
}

template <typename scalar_t>
__global__ void __launch_bounds__(256) grid_sampler_2d_kernel(
    int64_t nthreads, const scalar_t* __restrict__ input, const scalar_t* __restrict__ grid,
    scalar_t* __restrict__ output, int64_t C, int64_t inp_H, int64_t inp_W, int64_t out_H,
    int64_t out_W, int64_t inp_sN, int64_t inp_sC, int64_t inp_sH, int64_t inp_sW,
    int64_t grid_sN, int64_t grid_sH, int64_t grid_sW, int64_t grid_sCoor, int64_t out_sN,
    int64_t out_sC, int64_t out_sH, int64_t out_sW, bool align_corners) {
  CUDA_KERNEL_LOOP(index, nthreads) {
    const int64_t w = index % out_W;
    const int64_t h = (index / out_W) % out_H;
    const int64_t n = index / (out_H * out_W);
    const int64_t grid_offset = n * grid_sN + h * grid_sH + w * grid_sW;

    scalar_t ix = grid[grid_offset];
    scalar_t iy = grid[grid_offset + grid_sCoor];
    ix = grid_sampler_unnormalize(ix, inp_W, align_corners);
    iy = grid_sampler_unnormalize(iy, inp_H, align_corners);

    const int64_t ix_nw = static_cast<int64_t>(::floor(ix));
    const int64_t iy_nw = static_cast<int64_t>(::floor(iy));
    const int64_t ix_ne = ix_nw + 1, iy_ne = iy_nw;
    const int64_t ix_sw = ix_nw, iy_sw = iy_nw + 1;
    const int64_t ix_se = ix_nw + 1, iy_se = iy_nw + 1;

    const scalar_t nw = (ix_se - ix) * (iy_se - iy);
    const scalar_t ne = (ix - ix_sw) * (iy_sw - iy);
    const scalar_t sw = (ix_ne - ix) * (iy - iy_ne);
    const scalar_t se = (ix - ix_nw) * (iy - iy_nw);

    const scalar_t* inp_ptr_NC = input + n * inp_sN;
    scalar_t* out_ptr_NCHW = output + n * out_sN + h * out_sH + w * out_sW;
    for (int64_t c = 0; c < C; ++c, inp_ptr_NC += inp_sC, out_ptr_NCHW += out_sC) {
      scalar_t acc = 0;
      if (within_bounds_2d(iy_nw, ix_nw, inp_H, inp_W))
        acc += inp_ptr_NC[iy_nw * inp_sH + ix_nw * inp_sW] * nw;
      if (within_bounds_2d(iy_ne, ix_ne, inp_H, inp_W))
        acc += inp_ptr_NC[iy_ne * inp_sH + ix_ne * inp_sW] * ne;
      if (within_bounds_2d(iy_sw, ix_sw, inp_H, inp_W))
        acc += inp_ptr_NC[iy_sw * inp_sH + ix_sw * inp_sW] * sw;
      if (within_bounds_2d(iy_se, ix_se, inp_H, inp_W))
        acc += inp_ptr_NC[iy_se * inp_sH + ix_se * inp_sW] * se;
      *out_ptr_NCHW = acc;
    }
  }
}
