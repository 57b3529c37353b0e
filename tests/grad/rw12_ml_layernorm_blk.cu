// cuad: --fn layernorm_fwd<64,double> --wrt out,mean,rstd,inp,weight,bias
// cuad: fwd --fn layernorm_fwd<64,double> --wrt out,mean,rstd,inp,weight,bias
// LayerNorm forward as in llm.c/Apex: one block per row, template <int BLOCK, typename T>,
// a two-level block reduction (warp butterfly with __shfl_xor_sync, then one partial per warp
// in __shared__ memory summed by every thread), mean and rstd saved for the backward pass,
// __launch_bounds__(BLOCK), __restrict__ row pointers, a block-uniform early exit for rows
// past N.
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

// Sum over the block; smem holds BLOCK / 32 partials and is reusable after the call.
template <int BLOCK, typename T>
__device__ T block_sum(T v, T* smem) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  v = warp_sum(v);
  if (lane == 0) smem[wid] = v;
  __syncthreads();
  T total = T(0);
#pragma unroll
  for (int w = 0; w < BLOCK / 32; ++w) total += smem[w];
  __syncthreads();
  return total;
}

template <int BLOCK, typename T>
__global__ void __launch_bounds__(BLOCK)
    layernorm_fwd(T* __restrict__ out, T* __restrict__ mean, T* __restrict__ rstd,
                  const T* __restrict__ inp, const T* __restrict__ weight,
                  const T* __restrict__ bias, int N, int C) {
  __shared__ T partial[BLOCK / 32];
  const int row = blockIdx.x;
  if (row >= N) return;
  const T* __restrict__ x = inp + (size_t)row * C;
  T s = T(0);
  for (int i = threadIdx.x; i < C; i += BLOCK) s += x[i];
  const T m = block_sum<BLOCK, T>(s, partial) / C;
  T v = T(0);
  for (int i = threadIdx.x; i < C; i += BLOCK) {
    const T d = x[i] - m;
    v += d * d;
  }
  const T var = block_sum<BLOCK, T>(v, partial) / C;
  const T rs = T(1) / sqrt(var + T(1e-5));
  if (threadIdx.x == 0) {
    mean[row] = m;
    rstd[row] = rs;
  }
  T* __restrict__ o = out + (size_t)row * C;
  for (int i = threadIdx.x; i < C; i += BLOCK) o[i] = (x[i] - m) * rs * weight[i] + bias[i];
}
