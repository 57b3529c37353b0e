// cuad: --fn tonemap --wrt img,exposure,out
// cuad: fwd --fn tonemap --wrt img,exposure,out
// Written for cuad in the style of image-processing host pipelines: pitched device images
// (`cudaMallocPitch`, `cudaMemcpy2D` both ways, rows at `(char*)base + y * pitch`) behind a
// CUDA_CHECK macro, a 2-D launch with `dim3` arithmetic `(w + b.x - 1) / b.x`, a luminance
// from `fmaxf`/`fminf` of the channels, Reinhard tone mapping with `__saturatef`, `__fdividef`
// and `__powf`, integer `min`/`max` clamps of the neighbour indices, and a scalar exposure.
#include <cstdio>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                          \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
    }                                                                          \
  } while (0)

__global__ void reinhard(const float* __restrict__ src, size_t src_pitch, float* dst,
                         size_t dst_pitch, int w, int h, float exposure) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const float* row = (const float*)((const char*)src + y * src_pitch);
  const float* up = (const float*)((const char*)src + max(y - 1, 0) * src_pitch);
  const int xr = min(x + 1, w - 1);
  const float hi = fmaxf(row[x], row[xr]), lo = fminf(row[x], up[x]);
  const float lum = exposure * (0.7f * hi + 0.3f * lo);
  const float mapped = __fdividef(lum, 1.f + lum);
  float* out = (float*)((char*)dst + y * dst_pitch);
  out[x] = __saturatef(__powf(mapped, 0.8f) * 1.1f);
}

void tonemap(const float* img, float exposure, float* out, int w, int h) {
  float *d_src, *d_dst;
  size_t sp, dp;
  CUDA_CHECK(cudaMallocPitch((void**)&d_src, &sp, w * sizeof(float), h));
  CUDA_CHECK(cudaMallocPitch((void**)&d_dst, &dp, w * sizeof(float), h));
  CUDA_CHECK(cudaMemcpy2D(d_src, sp, img, w * sizeof(float), w * sizeof(float), h,
                          cudaMemcpyHostToDevice));
  dim3 block(8, 4);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  reinhard<<<grid, block>>>(d_src, sp, d_dst, dp, w, h, exposure);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy2D(out, w * sizeof(float), d_dst, dp, w * sizeof(float), h,
                          cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_src));
  CUDA_CHECK(cudaFree(d_dst));
}
