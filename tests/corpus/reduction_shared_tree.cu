// Block-level tree reductions in shared memory: sum of squares and dot product.
// Each block writes one partial; a second launch folds the partials.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void sum_squares_partial(const float *x, float *partial, int n) {
  __shared__ float cache[THREADS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  float v = 0.0f;
  if (i < n)
    v = x[i] * x[i];
  if (i + blockDim.x < n)
    v += x[i + blockDim.x] * x[i + blockDim.x];
  cache[tid] = v;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = cache[0];
}

__global__ void dot_partial(const double *a, const double *b, double *partial, int n) {
  __shared__ double cache[THREADS];
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += a[i] * b[i];
  cache[threadIdx.x] = acc;
  __syncthreads();
  int s = blockDim.x / 2;
  while (s != 0) {
    if (threadIdx.x < s)
      cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
    s /= 2;
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = cache[0];
}

float sum_squares(const float *d_x, float *d_partial, int n) {
  int blocks = (n + 2 * THREADS - 1) / (2 * THREADS);
  sum_squares_partial<<<blocks, THREADS>>>(d_x, d_partial, n);
  while (blocks > 1) {
    int next = (blocks + 2 * THREADS - 1) / (2 * THREADS);
    sum_squares_partial<<<next, THREADS>>>(d_partial, d_partial, blocks);
    blocks = next;
  }
  float result = 0.0f;
  cudaMemcpy(&result, d_partial, sizeof(float), cudaMemcpyDeviceToHost);
  return result;
}
