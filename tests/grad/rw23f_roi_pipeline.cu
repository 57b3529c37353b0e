// cuad: --fn roi_pipeline --wrt img,out
// A region-of-interest pipeline: the image goes to pitched memory, a pitched scratch buffer
// is cleared with cudaMemset2D, a kernel processes only the ROI, launched
// with the ROI's first row as a pointer offset by whole rows of the pitch (in elements) plus
// the column offset, and the processed pitched buffer is copied device-to-device into a
// tightly packed linear buffer (cudaMemcpy2D, dpitch = width) before a final per-pixel kernel
// and the copy back.
#include <cuda_runtime.h>

__global__ void roi_square(const float* __restrict__ roi_in, size_t in_stride, float* __restrict__ roi_out,
                           size_t out_stride, int rw, int rh) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= rw || y >= rh) return;
  const float v = roi_in[y * in_stride + x];
  roi_out[y * out_stride + x] = v * v + 0.5f * v;
}

__global__ void finish(const float* __restrict__ lin, int n, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sinf(lin[i]) + lin[i];
}

void roi_pipeline(const float* img, int W, int H, int x0, int y0, int rw, int rh, float* out) {
  cudaStream_t st;
  cudaStreamCreate(&st);
  float *d_img, *d_tmp, *d_lin, *d_out;
  size_t p_img, p_tmp;
  cudaMallocPitch((void**)&d_img, &p_img, W * sizeof(float), H);
  cudaMallocPitch((void**)&d_tmp, &p_tmp, W * sizeof(float), H);
  cudaMalloc(&d_lin, W * H * sizeof(float));
  cudaMalloc(&d_out, W * H * sizeof(float));
  cudaMemcpy2DAsync(d_img, p_img, img, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice, st);
  cudaMemset2D(d_tmp, p_tmp, 0, W * sizeof(float), H);
  const size_t si = p_img / sizeof(float), so = p_tmp / sizeof(float);
  const dim3 block(4, 4), grid((rw + 3) / 4, (rh + 3) / 4);
  roi_square<<<grid, block, 0, st>>>(d_img + y0 * si + x0, si, d_tmp + y0 * so + x0, so, rw, rh);
  cudaMemcpy2DAsync(d_lin, W * sizeof(float), d_tmp, p_tmp, W * sizeof(float), H, cudaMemcpyDeviceToDevice, st);
  finish<<<(W * H + 31) / 32, 32, 0, st>>>(d_lin, W * H, d_out);
  cudaMemcpyAsync(out, d_out, W * H * sizeof(float), cudaMemcpyDeviceToHost, st);
  cudaStreamSynchronize(st);
  cudaFree(d_img);
  cudaFree(d_tmp);
  cudaFree(d_lin);
  cudaFree(d_out);
  cudaStreamDestroy(st);
}
