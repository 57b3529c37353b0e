// cuad: --fn normalize --wrt x,y
// Normalize a vector by its 2-norm on one CUDA stream: async copies and memset, an atomicAdd
// reduction whose result is copied into a host scalar (`&total`), a stream synchronization,
// the scale computed on the host and passed to a second launch; returns the squared norm.
#include <cuda_runtime.h>
__global__ void sumsq(const double* x, double* total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(total, x[i] * x[i]);
}
__global__ void scale(const double* x, double* y, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * s;
}
double normalize(const double* x, double* y, int n) {
  double *d_x, *d_y, *d_t;
  cudaStream_t st;
  cudaStreamCreate(&st);
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_t, sizeof(double));
  cudaMemcpyAsync(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice, st);
  cudaMemsetAsync(d_t, 0, sizeof(double), st);
  sumsq<<<(n + 63) / 64, 64, 0, st>>>(d_x, d_t, n);
  double total = 0.0;
  cudaMemcpyAsync(&total, d_t, sizeof(double), cudaMemcpyDeviceToHost, st);
  cudaStreamSynchronize(st);
  const double inv = 1.0 / sqrt(total);
  scale<<<(n + 63) / 64, 64, 0, st>>>(d_x, d_y, inv, n);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_t);
  cudaStreamDestroy(st);
  return total;
}
