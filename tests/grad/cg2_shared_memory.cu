// cuad: --fn reduce5<float,64> --wrt g_idata,g_odata
// cuad: fwd --fn reduce5<float,64> --wrt g_idata,g_odata
// cuad: --fn reduce5<double,128> --wrt g_idata,g_odata
// cuad: --fn block_moments<float> --wrt x,out,w
// cuad: fwd --fn block_moments<float> --wrt x,out,w
// cuad: --fn dev_view --wrt y,x
// cuad: fwd --fn dev_view --wrt y,x
// cuda-samples' reduction style: the `SharedMemory<T>` helper (conversion operators returning
// the `extern __shared__` buffer viewed as `T*`, with an explicit specialization for double)
// used as `T* sdata = SharedMemory<T>();`, a
// tree in shared memory with `cg::sync` down to 64 entries, then the first warp finishing with
// `tile32.shfl_down`. A second kernel converts a named `SharedMemory<T>` and assigns a
// temporary to a pointer, and takes `cg::this_thread_block().size()` as a loop bound,
// `group_index()` / `thread_index()` / `group_dim()` (dim3), and `any` / `ballot` of a warp
// tile in conditions; a third reduces through the helper inside a __device__ function. Gradients
// (and pushforwards) need twice the primal's dynamic shared memory.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }

  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

// as in cuda-samples: double gets an 8-byte aligned declaration of its own
template <>
struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }

  __device__ inline operator const double *() const {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

// blockSize threads, each adding two inputs one block apart
template <class T, unsigned int blockSize>
__global__ void reduce5(T *g_idata, T *g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T *sdata = SharedMemory<T>();

  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  cg::sync(cta);

  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) {
      sdata[tid] = mySum = mySum + sdata[tid + s];
    }
    cg::sync(cta);
  }

  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2) {
      mySum += tile32.shfl_down(mySum, offset);
    }
  }

  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}

// per block: a weighted sum of squares through the dynamic buffer, strided by the block size
template <class T>
__global__ void block_moments(const T *x, T *out, const T *w, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  SharedMemory<T> view;
  const T *wv = view;  // read through the const view below
  T *buf;
  buf = SharedMemory<T>();
  const unsigned t = block.thread_index().x;
  const unsigned b = block.group_index().x;
  T acc = 0;
  for (int k = t; k < n; k += cg::this_thread_block().size()) {
    T v = x[b * n + k];
    acc += v * v * w[k];
  }
  // warps with no positive term skip the weighting
  if (warp.any(acc > T(0))) acc = acc * T(0.5) + T(0.25) * acc * acc;
  buf[t] = acc;
  block.sync();
  for (unsigned s = block.group_dim().x / 2; s > 0; s >>= 1) {
    if (t < s) buf[t] += wv[t + s];
    block.sync();
  }
  // lanes whose input was even count the block's total once more
  unsigned even = warp.ballot((t & 1u) == 0);
  if (t == 0) out[b] = wv[0] * T(__popc(even) / 16);
}

// the helper inside a __device__ function: a block sum through the dynamic buffer
__device__ float block_sum(float v) {
  float* s = SharedMemory<float>();
  s[threadIdx.x] = v;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  float total = s[0];
  __syncthreads();
  return total;
}

__global__ void dev_view(float* y, const float* x) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float t = block_sum(x[i] * x[i]);
  y[i] = sqrtf(t) * x[i];
}
