// cuad: --fn bilateral_slice_apply --wrt grid,guide,input,out
// cuad: fwd --fn bilateral_slice_apply --wrt grid,guide,input,out
// HDRnet-style bilateral grid "slice and apply" (the structure of the reference
// BilateralSliceApplyKernel): a grid-stride loop over output elements (batch, y, x, out
// channel), the pixel's grid coordinates gx, gy from its position and gz = guide * depth,
// floor of coordinate - 0.5 for the lower corner, 2x2x2 tent weights max(1 - |c + 0.5 - g|, 0)
// with corner indices clamped to the grid, each of the (in_chans + 1) affine coefficients
// sliced trilinearly from the channels-last grid, and the affine transform of the input
// pixel (the last coefficient is the offset).
#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float tent(float x) { return fmaxf(1.0f - fabsf(x), 0.0f); }

__global__ void bilateral_slice_apply(const int64_t nthreads, const float* __restrict__ grid,
                                      const float* __restrict__ guide,
                                      const float* __restrict__ input, const int bs, const int h,
                                      const int w, const int gh, const int gw, const int gd,
                                      const int input_chans, const int output_chans,
                                      float* __restrict__ out) {
  const int grid_chans = (input_chans + 1) * output_chans;
  const int coeff_stride = input_chans + 1;
  for (int64_t idx = blockIdx.x * blockDim.x + threadIdx.x; idx < nthreads;
       idx += blockDim.x * gridDim.x) {
    const int out_c = idx % output_chans;
    const int x = (idx / output_chans) % w;
    const int y = (idx / (output_chans * w)) % h;
    const int b = idx / (output_chans * w * h);

    const float gx = (x + 0.5f) * gw / (1.0f * w);
    const float gy = (y + 0.5f) * gh / (1.0f * h);
    const float gz = guide[x + w * (y + h * b)] * gd;

    const int fx = static_cast<int>(floorf(gx - 0.5f));
    const int fy = static_cast<int>(floorf(gy - 0.5f));
    const int fz = static_cast<int>(floorf(gz - 0.5f));

    float value = 0.0f;
    for (int in_c = 0; in_c < coeff_stride; ++in_c) {
      float coeff_sample = 0.0f;
      for (int xx = fx; xx < fx + 2; ++xx) {
        const int x_ = max(min(xx, gw - 1), 0);
        const float wx = tent(xx + 0.5f - gx);
        for (int yy = fy; yy < fy + 2; ++yy) {
          const int y_ = max(min(yy, gh - 1), 0);
          const float wy = tent(yy + 0.5f - gy);
          for (int zz = fz; zz < fz + 2; ++zz) {
            const int z_ = max(min(zz, gd - 1), 0);
            const float wz = tent(zz + 0.5f - gz);
            const int grid_idx =
                (coeff_stride * out_c + in_c) + grid_chans * (z_ + gd * (x_ + gw * (y_ + gh * b)));
            coeff_sample += grid[grid_idx] * wx * wy * wz;
          }
        }
      }
      if (in_c < input_chans) {
        const int input_idx = in_c + input_chans * (x + w * (y + h * b));
        value += coeff_sample * input[input_idx];
      } else {
        value += coeff_sample;
      }
    }
    out[idx] = value;
  }
}
