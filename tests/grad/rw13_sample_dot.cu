// cuad: --fn weighted_dot --wrt a,b
// CUDA by Example's dot product: `__shared__ double cache[threadsPerBlock]`, a grid-stride
// accumulation into `temp`, a `while (i != 0)` halving loop with `cacheIndex < i`, one partial
// per block written by thread 0, and the host sums the partials. The host function wraps every
// runtime call in a do/while(0) CUDA_CHECK macro, checks cudaGetLastError after the launch and
// synchronizes with cudaDeviceSynchronize; the grid size is imin(32, (N + TPB - 1) / TPB).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                             \
  do {                                                                            \
    cudaError_t e = (x);                                                          \
    if (e != cudaSuccess) {                                                       \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, \
              __LINE__);                                                          \
      exit(EXIT_FAILURE);                                                         \
    }                                                                             \
  } while (0)

#define imin(a, b) (a < b ? a : b)
const int threadsPerBlock = 64;

__global__ void dot(const double* a, const double* b, double* c, int N) {
  __shared__ double cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;

  double temp = 0;
  while (tid < N) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();

  // threadsPerBlock must be a power of 2
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}

// Returns sum_i a[i] * b[i] * scale.
double weighted_dot(const double* a, const double* b, double scale, int N) {
  const int blocksPerGrid = imin(3, (N + threadsPerBlock - 1) / threadsPerBlock);
  double *dev_a, *dev_b, *dev_partial_c;
  double* partial_c = (double*)malloc(blocksPerGrid * sizeof(double));
  CUDA_CHECK(cudaMalloc((void**)&dev_a, N * sizeof(double)));
  CUDA_CHECK(cudaMalloc((void**)&dev_b, N * sizeof(double)));
  CUDA_CHECK(cudaMalloc((void**)&dev_partial_c, blocksPerGrid * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dev_a, a, N * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dev_b, b, N * sizeof(double), cudaMemcpyHostToDevice));

  dot<<<blocksPerGrid, threadsPerBlock>>>(dev_a, dev_b, dev_partial_c, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(partial_c, dev_partial_c, blocksPerGrid * sizeof(double),
                        cudaMemcpyDeviceToHost));
  double c = 0;
  for (int i = 0; i < blocksPerGrid; i++) c += partial_c[i];

  CUDA_CHECK(cudaFree(dev_a));
  CUDA_CHECK(cudaFree(dev_b));
  CUDA_CHECK(cudaFree(dev_partial_c));
  free(partial_c);
  return c * scale;
}
