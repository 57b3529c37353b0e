// cuad: --fn focal_ls_loss_kernel<double> --wrt logits,alpha,row_loss,total
// A fused multi-class focal loss with label smoothing, as in detection / segmentation
// extensions: one warp per row (rows = blockIdx.x * warps_per_block + warp, a partial last
// block), log-softmax from a warp max and a warp sum of exp via __shfl_xor_sync, the smoothed
// target distribution q = (1 - eps) * onehot + eps / K, per-class focal weights
// alpha[c] * (1 - p)^gamma applied to -q * log p, int64 targets with ignore_index rows
// giving 0, one per-row loss output, and the batch mean accumulated with atomicAdd into a
// scalar (divided by the number of valid rows, which the host passes in).
#include <cuda_runtime.h>
#include <cstdint>

constexpr int kWarp = 32;

template <typename T>
__device__ __forceinline__ T warp_max(T v) {
#pragma unroll
  for (int o = kWarp / 2; o > 0; o >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
  for (int o = kWarp / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

template <typename scalar_t>
__global__ void focal_ls_loss_kernel(const scalar_t* __restrict__ logits,
                                     const int64_t* __restrict__ target,
                                     const scalar_t* __restrict__ alpha,
                                     scalar_t* __restrict__ row_loss, scalar_t* total,
                                     int64_t rows, int64_t K, scalar_t gamma, scalar_t eps,
                                     int64_t ignore_index, scalar_t inv_valid) {
  const int lane = threadIdx.x % kWarp;
  const int64_t row = (int64_t)blockIdx.x * (blockDim.x / kWarp) + threadIdx.x / kWarp;
  if (row >= rows) return;
  const int64_t t = target[row];
  if (t == ignore_index) {
    if (lane == 0) row_loss[row] = 0;
    return;
  }
  const scalar_t* x = logits + row * K;
  scalar_t m = -INFINITY;
  for (int64_t c = lane; c < K; c += kWarp) m = fmax(m, x[c]);
  m = warp_max(m);
  scalar_t s = 0;
  for (int64_t c = lane; c < K; c += kWarp) s += exp(x[c] - m);
  const scalar_t lse = m + log(warp_sum(s));

  const scalar_t off = eps / static_cast<scalar_t>(K);
  scalar_t acc = 0;
  for (int64_t c = lane; c < K; c += kWarp) {
    const scalar_t logp = x[c] - lse;
    const scalar_t p = exp(logp);
    const scalar_t q = (c == t ? scalar_t(1) - eps : scalar_t(0)) + off;
    acc -= alpha[c] * pow(scalar_t(1) - p, gamma) * q * logp;
  }
  acc = warp_sum(acc);
  if (lane == 0) {
    row_loss[row] = acc;
    atomicAdd(total, acc * inv_valid);
  }
}
