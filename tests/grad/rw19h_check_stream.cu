// cuad: --fn run_pipeline --wrt x,alpha,out
// Application-style host pipeline: CUDA_CHECK macro around every runtime call, a stream,
// cudaMemcpyAsync in/out, three kernels with temporaries, cudaStreamSynchronize.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),     \
              __FILE__, __LINE__);                                              \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

__global__ void k_square(const double* x, double* t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i] = x[i] * x[i];
}
__global__ void k_scale_sin(const double* t, double* u, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = sin(a * t[i]) + t[i];
}
__global__ void k_neigh(const double* u, const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = u[i] * x[(i + 1) % n];
}

void run_pipeline(const double* x, double alpha, double* out, int n) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  double *d_x, *d_t, *d_u, *d_y;
  size_t bytes = n * sizeof(double);
  CUDA_CHECK(cudaMalloc(&d_x, bytes));
  CUDA_CHECK(cudaMalloc(&d_t, bytes));
  CUDA_CHECK(cudaMalloc(&d_u, bytes));
  CUDA_CHECK(cudaMalloc(&d_y, bytes));
  CUDA_CHECK(cudaMemcpyAsync(d_x, x, bytes, cudaMemcpyHostToDevice, stream));
  const int block = 32;
  const int grid = (n + block - 1) / block;
  k_square<<<grid, block, 0, stream>>>(d_x, d_t, n);
  CUDA_CHECK(cudaGetLastError());
  k_scale_sin<<<grid, block, 0, stream>>>(d_t, d_u, alpha, n);
  CUDA_CHECK(cudaGetLastError());
  k_neigh<<<grid, block, 0, stream>>>(d_u, d_x, d_y, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(out, d_y, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_t));
  CUDA_CHECK(cudaFree(d_u));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaStreamDestroy(stream));
}
