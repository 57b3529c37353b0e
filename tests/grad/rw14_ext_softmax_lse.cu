// cuad: --fn softmax_lse_kernel<double,double,64> --wrt out,lse,logits
// cuad: --fn softmax_lse_kernel<float,double,32> --wrt out,lse,logits
// A fused softmax + logsumexp forward as in attention / cross-entropy extensions: one block
// per row of a batched (B, R, L) tensor, rows numbered through a 2-D grid
// (row = blockIdx.y * gridDim.x + blockIdx.x, rows past R exit), a __shared__ buffer sized by
// the BLOCK template parameter with two tree reductions (max, then sum of exp), accumulation
// in the accscalar_t template parameter, and two outputs: the probabilities and the per-row
// logsumexp saved for the backward pass. The row is scaled by a softmax temperature.
#include <cuda_runtime.h>
#include <cstdint>

template <int BLOCK, typename acc_t>
__device__ __forceinline__ acc_t block_reduce_max(acc_t v, acc_t* buf) {
  buf[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] = fmax(buf[threadIdx.x], buf[threadIdx.x + s]);
    __syncthreads();
  }
  const acc_t r = buf[0];
  __syncthreads();
  return r;
}

template <int BLOCK, typename acc_t>
__device__ __forceinline__ acc_t block_reduce_sum(acc_t v, acc_t* buf) {
  buf[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  const acc_t r = buf[0];
  __syncthreads();
  return r;
}

template <typename scalar_t, typename accscalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    softmax_lse_kernel(scalar_t* __restrict__ out, scalar_t* __restrict__ lse,
                       const scalar_t* __restrict__ logits, int64_t R, int64_t L,
                       scalar_t inv_temp) {
  __shared__ accscalar_t buf[BLOCK];
  const int64_t b = blockIdx.z;
  const int64_t r = (int64_t)blockIdx.y * gridDim.x + blockIdx.x;
  if (r >= R) return;
  const int64_t row = b * R + r;
  const scalar_t* x = logits + row * L;
  scalar_t* y = out + row * L;
  const accscalar_t t = static_cast<accscalar_t>(inv_temp);

  accscalar_t m = -INFINITY;
  for (int64_t j = threadIdx.x; j < L; j += BLOCK) m = fmax(m, static_cast<accscalar_t>(x[j]) * t);
  m = block_reduce_max<BLOCK, accscalar_t>(m, buf);

  accscalar_t s = 0;
  for (int64_t j = threadIdx.x; j < L; j += BLOCK) s += exp(static_cast<accscalar_t>(x[j]) * t - m);
  s = block_reduce_sum<BLOCK, accscalar_t>(s, buf);

  const accscalar_t inv = static_cast<accscalar_t>(1) / s;
  for (int64_t j = threadIdx.x; j < L; j += BLOCK)
    y[j] = static_cast<scalar_t>(exp(static_cast<accscalar_t>(x[j]) * t - m) * inv);
  if (threadIdx.x == 0) lse[row] = static_cast<scalar_t>(m + log(s));
}
