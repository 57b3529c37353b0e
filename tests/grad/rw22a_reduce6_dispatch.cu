// cuad: --fn sum_log1p_sq --wrt x
// cuad: fwd --fn sum_log1p_sq
// The CUDA samples' most optimized reduction ("reduce6"), written from Mark Harris' description
// and the samples' structure: `template <class T, unsigned int blockSize, bool nIsPow2>`, the
// dynamic shared memory reached through a `SharedMemory<T>` struct whose conversion operator
// returns the `extern __shared__` array (with the samples' explicit specialization for double),
// a grid-stride loop in which each thread adds two elements per pass (the second guarded by
// `nIsPow2 || i + blockSize < n`), a completely unrolled tree on `blockSize` that keeps the sum
// in a register (`sdata[tid] = mySum = mySum + sdata[tid + 64]`), and the last warp finished
// with `__shfl_down_sync`. The host function picks the instance with the samples'
// `switch (threads)` over block sizes inside `if (isPow2(n))`, sizes the dynamic shared memory
// as the samples do (two warps' worth for blocks of 32), copies the per-block partials back
// and finishes the sum on the host. Double; reverse and forward mode.
#include <cuda_runtime.h>

template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
  __device__ inline operator const T*() const {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

template <>
struct SharedMemory<double> {
  __device__ inline operator double*() {
    extern __shared__ double __smem_d[];
    return (double*)__smem_d;
  }
  __device__ inline operator const double*() const {
    extern __shared__ double __smem_d[];
    return (double*)__smem_d;
  }
};

__device__ __forceinline__ double log1p_sq(double v) { return log1p(v * v); }

template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(const T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();

  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;

  T mySum = 0;
  while (i < n) {
    mySum += log1p_sq(g_idata[i]);
    if (nIsPow2 || i + blockSize < n) mySum += log1p_sq(g_idata[i + blockSize]);
    i += gridSize;
  }
  sdata[tid] = mySum;
  __syncthreads();

  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  __syncthreads();
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  __syncthreads();
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  __syncthreads();

  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

static bool isPow2(unsigned int x) { return ((x & (x - 1)) == 0); }

double sum_log1p_sq(const double* x, int n, int threads, int blocks) {
  double *d_idata, *d_odata;
  cudaMalloc((void**)&d_idata, n * sizeof(double));
  cudaMalloc((void**)&d_odata, blocks * sizeof(double));
  cudaMemcpy(d_idata, x, n * sizeof(double), cudaMemcpyHostToDevice);

  int smemSize = (threads <= 32) ? 2 * threads * sizeof(double) : threads * sizeof(double);
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  if (isPow2(n)) {
    switch (threads) {
      case 128:
        reduce6<double, 128, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
      case 64:
        reduce6<double, 64, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
      case 32:
        reduce6<double, 32, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
    }
  } else {
    switch (threads) {
      case 128:
        reduce6<double, 128, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
      case 64:
        reduce6<double, 64, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
      case 32:
        reduce6<double, 32, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, n);
        break;
    }
  }

  double* h_odata = new double[blocks];
  cudaMemcpy(h_odata, d_odata, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double gpu_result = 0;
  for (int b = 0; b < blocks; b++) gpu_result += h_odata[b];
  delete[] h_odata;
  cudaFree(d_idata);
  cudaFree(d_odata);
  return gpu_result;
}
