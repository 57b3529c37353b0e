// cuad: --fn apply_lut --wrt x,gain,y
// cuad: fwd --fn apply_lut --wrt x,gain,y
// Written for cuad in the style of persistent-grid host code: a piecewise-linear lookup table
// uploaded to `__constant__` memory with `cudaMemcpyToSymbol` (not differentiated: an
// active table is diagnosed), the grid sized from `cudaGetDeviceProperties` multiprocessor
// count times `cudaOccupancyMaxActiveBlocksPerMultiprocessor`, every call under a CUDA_CHECK
// macro, and a kernel whose 64-bit grid-stride loop interpolates the table with `floorf`,
// integer `min`/`max` clamps of the cell and a `__restrict__` gain per channel.
#include <cstdio>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                    \
  do {                                                                   \
    cudaError_t status_ = (x);                                           \
    if (status_ != cudaSuccess)                                          \
      fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(status_)); \
  } while (0)

constexpr int kLut = 9;
__constant__ float c_lut[kLut];

__global__ void lut_kernel(const float* __restrict__ x, const float* __restrict__ gain,
                           float* __restrict__ y, size_t n, int channels) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    const float u = x[i] * (kLut - 1);  // x in [0, 1] maps onto the table
    const int cell = min(max((int)floorf(u), 0), kLut - 2);
    const float t = u - cell;
    const float v = fmaf(t, c_lut[cell + 1] - c_lut[cell], c_lut[cell]);
    y[i] = gain[i % channels] * v;
  }
}

void apply_lut(const float* lut, const float* x, const float* gain, float* y, int n,
               int channels) {
  float *d_x, *d_g, *d_y;
  CUDA_CHECK(cudaMemcpyToSymbol(c_lut, lut, kLut * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_g, channels * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_g, gain, channels * sizeof(float), cudaMemcpyHostToDevice));
  int dev = 0, per_sm = 0;
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  const int threads = 32;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, lut_kernel, threads, 0));
  int blocks = prop.multiProcessorCount * per_sm;
  if (blocks > (n + threads - 1) / threads) blocks = (n + threads - 1) / threads;
  lut_kernel<<<blocks, threads>>>(d_x, d_g, d_y, (size_t)n, channels);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_g));
  CUDA_CHECK(cudaFree(d_y));
}
