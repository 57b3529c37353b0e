// cuad: --fn crop_normalize_u8 --wrt gain,offset,out
// cuad: --fn crop_resize_float --wrt src,out
// Variant of rw23f_pitched_crop: crop offsets as float-pointer arithmetic (pitch / sizeof(float)),
// and non-template row helpers with distinct names.
// Two host pipelines over pitched memory. The first uploads an 8-bit image into a pitched
// buffer (cudaMemcpy2D), converts it to float with a learnable gain and offset into a second
// pitched buffer, and copies back a crop. The second uploads a float image, copies a crop
// rectangle device-to-device out of it (source pointer offset by rows of pitch bytes and
// columns of elements) into a pitched buffer cleared with cudaMemset2D one pixel larger on
// each side, then a kernel downsamples it 2x with a 2x2 box average of rows reached through a
// templated row helper, and the result comes back with cudaMemcpy2D.
#include <cuda_runtime.h>
#include <cstdint>

__device__ __forceinline__ float* pitched_row(float* base, size_t pitch, int y) {
  return reinterpret_cast<float*>(reinterpret_cast<char*>(base) + y * pitch);
}
__device__ __forceinline__ const float* pitched_row_c(const float* base, size_t pitch, int y) {
  return reinterpret_cast<const float*>(reinterpret_cast<const char*>(base) + y * pitch);
}
__device__ __forceinline__ const uint8_t* pitched_row_u8(const uint8_t* base, size_t pitch, int y) {
  return base + y * pitch;
}

__global__ void u8_to_float(const uint8_t* __restrict__ in, size_t in_pitch, float* __restrict__ out,
                            size_t out_pitch, int W, int H, float gain, float offset) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float v = __uint2float_rn(pitched_row_u8(in, in_pitch, y)[x]) * (1.0f / 255.0f);
  pitched_row(out, out_pitch, y)[x] = tanhf(gain * v + offset);
}

void crop_normalize_u8(const uint8_t* img, int W, int H, float gain, float offset, float* out,
                       int x0, int y0, int cw, int ch) {
  uint8_t* d_in;
  float* d_f;
  size_t p_in, p_f;
  cudaMallocPitch((void**)&d_in, &p_in, W * sizeof(uint8_t), H);
  cudaMallocPitch((void**)&d_f, &p_f, W * sizeof(float), H);
  cudaMemcpy2D(d_in, p_in, img, W * sizeof(uint8_t), W * sizeof(uint8_t), H, cudaMemcpyHostToDevice);
  const dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  u8_to_float<<<grid, block>>>(d_in, p_in, d_f, p_f, W, H, gain, offset);
  cudaMemcpy2D(out, cw * sizeof(float), d_f + y0 * (p_f / sizeof(float)) + x0, p_f,
               cw * sizeof(float), ch, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_f);
}

__global__ void box_down2(const float* __restrict__ in, size_t in_pitch, float* __restrict__ out,
                          size_t out_pitch, int OW, int OH) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= OW || y >= OH) return;
  const float* r0 = pitched_row_c(in, in_pitch, 2 * y);
  const float* r1 = pitched_row_c(in, in_pitch, 2 * y + 1);
  const float s = r0[2 * x] + r0[2 * x + 1] + r1[2 * x] + r1[2 * x + 1];
  pitched_row(out, out_pitch, y)[x] = 0.25f * s * s;
}

void crop_resize_float(const float* src, int W, int H, int x0, int y0, int cw, int ch, float* out) {
  float *d_src, *d_crop, *d_out;
  size_t p_src, p_crop, p_out;
  const int PW = cw + 2, PH = ch + 2;  // a one-pixel zero border
  cudaMallocPitch((void**)&d_src, &p_src, W * sizeof(float), H);
  cudaMallocPitch((void**)&d_crop, &p_crop, PW * sizeof(float), PH);
  cudaMallocPitch((void**)&d_out, &p_out, (PW / 2) * sizeof(float), PH / 2);
  cudaMemcpy2D(d_src, p_src, src, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
  cudaMemset2D(d_crop, p_crop, 0, PW * sizeof(float), PH);
  cudaMemcpy2D(d_crop + p_crop / sizeof(float) + 1, p_crop,
               d_src + y0 * (p_src / sizeof(float)) + x0, p_src, cw * sizeof(float), ch,
               cudaMemcpyDeviceToDevice);
  const int OW = PW / 2, OH = PH / 2;
  const dim3 block(4, 4), grid((OW + 3) / 4, (OH + 3) / 4);
  box_down2<<<grid, block>>>(d_crop, p_crop, d_out, p_out, OW, OH);
  cudaMemcpy2D(out, OW * sizeof(float), d_out, p_out, OW * sizeof(float), OH, cudaMemcpyDeviceToHost);
  cudaFree(d_src);
  cudaFree(d_crop);
  cudaFree(d_out);
}
