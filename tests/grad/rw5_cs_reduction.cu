// cuad: --fn reduce6<float,64,true> --wrt g_idata,g_odata
// cuad: --fn reduce6<double,128,false> --wrt g_idata,g_odata
// cuad: --fn reduce4<float,64> --wrt g_idata,g_odata
// Written for cuad in the style of NVIDIA/cuda-samples' parallel reduction kernels: each
// block sums its share of the input into one partial sum per block. Exercises cooperative
// groups (cg::sync, thread_rank, tiled_partition<32> with shfl_down and size()), chained
// assignments `sh[t] = acc = acc + ...`, template block sizes in conditions, a `while`
// grid-stride loop, and an `extern __shared__ int` buffer viewed as `T*`. The file also
// carries a templated shared-memory helper with conversion operators and an explicit
// specialization for double, and a warp sum with an int specialization under __CUDA_ARCH__:
// the kernels do not call them (cg2_shared_memory differentiates through such a helper), but
// cuad must parse past them.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>

namespace cg = cooperative_groups;

// a dynamic shared buffer typed by T without declaring one `extern __shared__` per type
template <class T>
struct SharedMemoryOf {
  __device__ inline operator T *() {
    extern __shared__ int raw_words[];
    return (T *)raw_words;
  }

  __device__ inline operator const T *() const {
    extern __shared__ int raw_words[];
    return (T *)raw_words;
  }
};

// double needs an 8-byte aligned declaration
template <>
struct SharedMemoryOf<double> {
  __device__ inline operator double *() {
    extern __shared__ double raw_doubles[];
    return (double *)raw_doubles;
  }

  __device__ inline operator const double *() const {
    extern __shared__ double raw_doubles[];
    return (double *)raw_doubles;
  }
};

template <class T>
__device__ __forceinline__ T warpReduceSum(unsigned int mask, T v) {
  for (int d = warpSize / 2; d > 0; d /= 2) {
    v += __shfl_down_sync(mask, v, d);
  }
  return v;
}

#if __CUDA_ARCH__ >= 800
// sm_80 has a hardware warp add for integers
template <>
__device__ __forceinline__ int warpReduceSum<int>(unsigned int mask, int v) {
  return __reduce_add_sync(mask, v);
}
#endif

// blockDim.x == blockSize threads, each adding two inputs one block apart
template <class T, unsigned int blockSize>
__global__ void reduce4(T *g_idata, T *g_odata, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ int raw_words[];
  T *sh = (T *)raw_words;

  unsigned int t = threadIdx.x;
  unsigned int first = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T acc = (first < n) ? g_idata[first] : 0;
  if (first + blockSize < n) acc += g_idata[first + blockSize];
  sh[t] = acc;
  cg::sync(block);

  // tree in shared memory down to two warps
  for (unsigned int half = blockDim.x / 2; half > 32; half >>= 1) {
    if (t < half) {
      sh[t] = acc = acc + sh[t + half];
    }
    cg::sync(block);
  }

  // the first warp adds the second warp's sums, then shuffles
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  if (block.thread_rank() < 32) {
    if (blockSize >= 64) acc += sh[t + 32];
    for (int d = warp.size() / 2; d > 0; d /= 2) {
      acc += warp.shfl_down(acc, d);
    }
  }

  if (block.thread_rank() == 0) g_odata[blockIdx.x] = acc;
}

// each thread first sums many inputs (a grid-stride loop), then the block tree runs unrolled
template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(T *g_idata, T *g_odata, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ int raw_words[];
  T *sh = (T *)raw_words;

  unsigned int t = threadIdx.x;
  unsigned int jump = blockSize * gridDim.x;
  T acc = 0;

  if (nIsPow2) {
    // two loads per step, so the stride doubles
    jump = jump << 1;
    unsigned int k = blockIdx.x * blockSize * 2 + threadIdx.x;
    while (k < n) {
      acc += g_idata[k];
      if ((k + blockSize) < n) {
        acc += g_idata[k + blockSize];
      }
      k += jump;
    }
  } else {
    unsigned int k = blockIdx.x * blockSize + threadIdx.x;
    while (k < n) {
      acc += g_idata[k];
      k += jump;
    }
  }

  sh[t] = acc;
  cg::sync(block);

  if ((blockSize >= 512) && (t < 256)) {
    sh[t] = acc = acc + sh[t + 256];
  }
  cg::sync(block);
  if ((blockSize >= 256) && (t < 128)) {
    sh[t] = acc = acc + sh[t + 128];
  }
  cg::sync(block);
  if ((blockSize >= 128) && (t < 64)) {
    sh[t] = acc = acc + sh[t + 64];
  }
  cg::sync(block);

  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  if (block.thread_rank() < 32) {
    if (blockSize >= 64) acc += sh[t + 32];
    for (int d = warp.size() / 2; d > 0; d /= 2) {
      acc += warp.shfl_down(acc, d);
    }
  }

  if (block.thread_rank() == 0) g_odata[blockIdx.x] = acc;
}
