// cuad: --fn run_blur --wrt img,gain,out
// cuad: fwd --fn run_blur
// Pitched 2-D device memory: cudaMallocPitch, cudaMemcpy2D in and out (host rows packed),
// cudaMemset2D, and kernels reaching rows as `(T*)((char*)base + row * pitch)` on a 2-D grid.
#include <cuda_runtime.h>

__global__ void blur_rows(const double* in, size_t in_pitch, const double* gain, double* out,
                          size_t out_pitch, int w, int h) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (c < w && r < h) {
    const double* row = (const double*)((const char*)in + r * in_pitch);
    const double* up = (const double*)((const char*)in + (r > 0 ? r - 1 : r) * in_pitch);
    double* orow = (double*)((char*)out + r * out_pitch);
    double left = c > 0 ? row[c - 1] : row[c];
    orow[c] = gain[r % 2] * row[c] * row[c] + 0.25 * left + 0.5 * up[c];
  }
}

__global__ void accumulate(double* acc, size_t pitch, const double* src, size_t src_pitch, int w,
                           int h) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (c < w && r < h) {
    double* a = (double*)((char*)acc + r * pitch);
    const double* s = (const double*)((const char*)src + r * src_pitch);
    a[c] += s[c] * s[c];
  }
}

void run_blur(const double* img, const double* gain, double* out, int w, int h) {
  double *d_in, *d_out, *d_acc, *d_gain;
  size_t p_in, p_out, p_acc;
  cudaMallocPitch(&d_in, &p_in, w * sizeof(double), h);
  cudaMallocPitch(&d_out, &p_out, w * sizeof(double), h);
  cudaMallocPitch(&d_acc, &p_acc, w * sizeof(double), h);
  cudaMalloc(&d_gain, 2 * sizeof(double));
  cudaMemcpy2D(d_in, p_in, img, w * sizeof(double), w * sizeof(double), h, cudaMemcpyHostToDevice);
  cudaMemcpy(d_gain, gain, 2 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset2D(d_acc, p_acc, 0, w * sizeof(double), h);
  dim3 block(8, 4), grid((w + 7) / 8, (h + 3) / 4);
  blur_rows<<<grid, block>>>(d_in, p_in, d_gain, d_out, p_out, w, h);
  accumulate<<<grid, block>>>(d_acc, p_acc, d_out, p_out, w, h);
  accumulate<<<grid, block>>>(d_acc, p_acc, d_in, p_in, w, h);
  cudaMemcpy2D(out, w * sizeof(double), d_acc, p_acc, w * sizeof(double), h,
               cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_acc);
  cudaFree(d_gain);
}
