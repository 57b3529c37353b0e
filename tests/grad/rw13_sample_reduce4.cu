// cuad: --fn sumCubic --wrt x
// Mark Harris' reduction #4 ("first add during global load", sequential addressing) with
// `extern __shared__ double sdata[]` sized at launch (`threads * sizeof(double)`), used the
// way the samples' host code drives it: a multi-pass loop that re-launches the kernel on its
// own partial sums until one value is left (`s = (s + threads*2 - 1) / (threads*2)`), with the
// input and output buffers swapped by pointer between passes and every runtime call checked.
// The first pass maps each element through a smooth cubic (x^3 + x); later passes just add.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                 \
  do {                                                                                \
    cudaError_t e = (x);                                                              \
    if (e != cudaSuccess) {                                                           \
      fprintf(stderr, "CUDA error %d (%s) at %s:%d\n", (int)e, cudaGetErrorString(e), \
              __FILE__, __LINE__);                                                    \
      exit(EXIT_FAILURE);                                                             \
    }                                                                                 \
  } while (0)

__device__ __forceinline__ double cubic(double v) { return v * v * v + v; }

__global__ void reduce4(const double* g_idata, double* g_odata, unsigned int n, int firstPass) {
  extern __shared__ double sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  double a = (i < n) ? g_idata[i] : 0.0;
  double b = (i + blockDim.x < n) ? g_idata[i + blockDim.x] : 0.0;
  if (firstPass) {
    a = (i < n) ? cubic(a) : 0.0;
    b = (i + blockDim.x < n) ? cubic(b) : 0.0;
  }
  sdata[tid] = a + b;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

double sumCubic(const double* x, int n) {
  const int threads = 32;
  int maxBlocks = (n + threads * 2 - 1) / (threads * 2);
  double *d_in, *d_out;
  CUDA_CHECK(cudaMalloc((void**)&d_in, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc((void**)&d_out, maxBlocks * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_in, x, n * sizeof(double), cudaMemcpyHostToDevice));
  unsigned int s = n;
  int first = 1;
  while (s > 1 || first) {
    int blocks = (s + threads * 2 - 1) / (threads * 2);
    reduce4<<<blocks, threads, threads * sizeof(double)>>>(d_in, d_out, s, first);
    CUDA_CHECK(cudaGetLastError());
    double* tmp = d_in;
    d_in = d_out;
    d_out = tmp;
    s = blocks;
    first = 0;
  }
  double result;
  CUDA_CHECK(cudaMemcpy(&result, d_in, sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return result;
}
