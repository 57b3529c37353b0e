// cuad: --fn rms_norm<float,64> --wrt y,x,g
// The classic blockReduceSum: a warp reduction helper with #pragma unroll, a `static __shared__`
// array inside a __device__ function, a broadcast through __shfl_sync from lane 0 and shared
// memory, in a kernel template with __launch_bounds__(BLOCK) and a block-stride loop.
template <typename T>
__device__ __forceinline__ T warpReduceSum(T v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffff, v, mask, 32);
  return v;
}

template <typename T>
__device__ T blockReduceSum(T v) {
  static __shared__ T shared[32];
  const int lane = threadIdx.x & 31;
  const int wid = threadIdx.x >> 5;
  v = warpReduceSum<T>(v);
  if (lane == 0) shared[wid] = v;
  __syncthreads();
  v = (threadIdx.x < (blockDim.x >> 5)) ? shared[lane] : (T)0;
  v = warpReduceSum<T>(v);
  return v;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) rms_norm(T* __restrict__ y, const T* __restrict__ x,
                                                  const T* __restrict__ g, int cols) {
  const T* row = x + blockIdx.x * cols;
  T ss = 0;
  for (int c = threadIdx.x; c < cols; c += BLOCK) ss += row[c] * row[c];
  ss = blockReduceSum<T>(ss);
  __shared__ T s_inv;
  if (threadIdx.x == 0) s_inv = rsqrtf(ss / cols + 1e-5f);
  __syncthreads();
  const T inv = __shfl_sync(0xffffffff, s_inv, 0);
  for (int c = threadIdx.x; c < cols; c += BLOCK) y[blockIdx.x * cols + c] = row[c] * inv * g[c];
}
