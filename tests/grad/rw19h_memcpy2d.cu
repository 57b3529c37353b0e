// cuad: --fn blur_rows --wrt img,gain,out
// A sub-image copied to a pitched device buffer with cudaMemcpy2D, a 2D kernel, a
// device-to-device cudaMemcpy2D into a packed buffer, then copied back with cudaMemcpy2D
// into a wider host row stride.
#include <cuda_runtime.h>

__global__ void blur(const double* src, size_t spitch, double* dst, size_t dpitch, int w, int h,
                     double gain) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const double* row = (const double*)((const char*)src + y * spitch);
  double l = x > 0 ? row[x - 1] : row[x];
  double r = x + 1 < w ? row[x + 1] : row[x];
  double* orow = (double*)((char*)dst + y * dpitch);
  orow[x] = gain * (l + 2.0 * row[x] + r) * row[x];
}

// img: h rows of stride ld (>= w); out: h rows of stride ldo (>= w)
void blur_rows(const double* img, int ld, double gain, double* out, int ldo, int w, int h) {
  double *d_src, *d_dst, *d_packed;
  size_t sp, dp;
  cudaMallocPitch(&d_src, &sp, w * sizeof(double), h);
  cudaMallocPitch(&d_dst, &dp, w * sizeof(double), h);
  cudaMalloc(&d_packed, w * h * sizeof(double));
  cudaMemcpy2D(d_src, sp, img, ld * sizeof(double), w * sizeof(double), h,
               cudaMemcpyHostToDevice);
  dim3 block(8, 4);
  dim3 grid((w + 7) / 8, (h + 3) / 4);
  blur<<<grid, block>>>(d_src, sp, d_dst, dp, w, h, gain);
  cudaMemcpy2D(d_packed, w * sizeof(double), d_dst, dp, w * sizeof(double), h,
               cudaMemcpyDeviceToDevice);
  cudaMemcpy2D(out, ldo * sizeof(double), d_packed, w * sizeof(double), w * sizeof(double), h,
               cudaMemcpyDeviceToHost);
  cudaFree(d_src);
  cudaFree(d_dst);
  cudaFree(d_packed);
}
