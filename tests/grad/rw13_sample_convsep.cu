// cuad: --fn convolutionSeparable --wrt h_Dst,h_Src
// The CUDA samples' separable convolution, simplified: `__constant__ float c_Kernel[KERNEL_LENGTH]`
// set from the host with cudaMemcpyToSymbol (the coefficients are not differentiated: only the
// image is), a row pass and a column pass, each staging a tile plus a KERNEL_RADIUS apron in
// shared memory with clamp-to-edge borders and a `#pragma unroll` tap loop, launched on
// `dim3` grids computed with `(n + BLOCK - 1) / BLOCK`. The host function wraps every runtime
// call in a CUDA_CHECK macro, checks the launches with cudaGetLastError and synchronizes.
// h_Dst receives the result (host memory, float).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                          \
  do {                                                                            \
    cudaError_t err_ = (call);                                                    \
    if (err_ != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

#define KERNEL_RADIUS 2
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
#define BX 16
#define BY 8

__constant__ float c_Kernel[KERNEL_LENGTH];

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void convolutionRows(float* __restrict__ dst, const float* __restrict__ src, int W,
                                int H) {
  __shared__ float s[BY][BX + 2 * KERNEL_RADIUS];
  const int x = blockIdx.x * BX + threadIdx.x;
  const int y = blockIdx.y * BY + threadIdx.y;
  const int yc = min(y, H - 1);
  // main tile plus left and right aprons
  s[threadIdx.y][threadIdx.x + KERNEL_RADIUS] = src[yc * W + min(x, W - 1)];
  if (threadIdx.x < KERNEL_RADIUS) {
    s[threadIdx.y][threadIdx.x] = src[yc * W + clampi(x - KERNEL_RADIUS, 0, W - 1)];
    s[threadIdx.y][threadIdx.x + BX + KERNEL_RADIUS] =
        src[yc * W + clampi(blockIdx.x * BX + BX + threadIdx.x, 0, W - 1)];
  }
  __syncthreads();
  if (x >= W || y >= H) return;
  float sum = 0;
#pragma unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
    sum += c_Kernel[KERNEL_RADIUS - j] * s[threadIdx.y][threadIdx.x + KERNEL_RADIUS + j];
  dst[y * W + x] = sum;
}

__global__ void convolutionColumns(float* __restrict__ dst, const float* __restrict__ src, int W,
                                   int H) {
  const int x = blockIdx.x * BX + threadIdx.x;
  const int y = blockIdx.y * BY + threadIdx.y;
  if (x >= W || y >= H) return;
  float sum = 0;
#pragma unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
    sum += c_Kernel[KERNEL_RADIUS - j] * src[clampi(y + j, 0, H - 1) * W + x];
  // a soft nonlinearity after the blur (sharpening-style response)
  dst[y * W + x] = sum * sum * __fdividef(1.0f, 1.0f + sum * sum);
}

void convolutionSeparable(float* h_Dst, const float* h_Src, const float* h_Kernel, int W, int H) {
  float *d_In, *d_Buf, *d_Out;
  const size_t bytes = (size_t)W * H * sizeof(float);
  CUDA_CHECK(cudaMemcpyToSymbol(c_Kernel, h_Kernel, KERNEL_LENGTH * sizeof(float)));
  CUDA_CHECK(cudaMalloc((void**)&d_In, bytes));
  CUDA_CHECK(cudaMalloc((void**)&d_Buf, bytes));
  CUDA_CHECK(cudaMalloc((void**)&d_Out, bytes));
  CUDA_CHECK(cudaMemcpy(d_In, h_Src, bytes, cudaMemcpyHostToDevice));
  dim3 threads(BX, BY);
  dim3 blocks((W + BX - 1) / BX, (H + BY - 1) / BY);
  convolutionRows<<<blocks, threads>>>(d_Buf, d_In, W, H);
  CUDA_CHECK(cudaGetLastError());
  convolutionColumns<<<blocks, threads>>>(d_Out, d_Buf, W, H);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_Dst, d_Out, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_In));
  CUDA_CHECK(cudaFree(d_Buf));
  CUDA_CHECK(cudaFree(d_Out));
}
