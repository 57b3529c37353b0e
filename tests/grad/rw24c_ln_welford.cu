// cuad: --fn layernorm_welford --wrt x,gamma,beta,y,mean_out,rstd_out
// cuad: fwd --fn layernorm_welford --wrt x,gamma,beta,y,mean_out,rstd_out
// LayerNorm forward of a training framework: one warp per row (several warps per block),
// each lane runs Welford's streaming mean/M2 over its strided columns, then the lanes'
// partial (mean, M2, count) triples are merged with a butterfly of __shfl_xor_sync (Chan's
// parallel formula; lanes that saw no column carry count 0 and are skipped in the merge).
// The row mean and the reciprocal standard deviation are saved for the backward pass, as
// PyTorch's kernel does.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

struct Welford {
  float mean;
  float m2;
  float count;
};

__device__ __forceinline__ Welford welford_merge(Welford a, Welford b) {
  const float n = a.count + b.count;
  if (b.count == 0.0f) return a;
  if (a.count == 0.0f) return b;
  const float delta = b.mean - a.mean;
  const float wb = b.count / n;
  Welford r;
  r.mean = a.mean + delta * wb;
  r.m2 = a.m2 + b.m2 + delta * delta * a.count * wb;
  r.count = n;
  return r;
}

__device__ __forceinline__ Welford warp_welford_allreduce(Welford w) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    Welford o;
    o.mean = __shfl_xor_sync(FULL_MASK, w.mean, off);
    o.m2 = __shfl_xor_sync(FULL_MASK, w.m2, off);
    o.count = __shfl_xor_sync(FULL_MASK, w.count, off);
    w = welford_merge(w, o);
  }
  return w;
}

__global__ void layernorm_welford(const float* __restrict__ x, const float* __restrict__ gamma,
                                  const float* __restrict__ beta, float* __restrict__ y,
                                  float* __restrict__ mean_out, float* __restrict__ rstd_out,
                                  int rows, int cols, float eps) {
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= rows) return;  // whole warps leave together
  const float* xr = x + (size_t)row * cols;

  Welford w = {0.0f, 0.0f, 0.0f};
  for (int j = lane; j < cols; j += 32) {
    const float v = xr[j];
    w.count += 1.0f;
    const float delta = v - w.mean;
    w.mean += delta / w.count;
    w.m2 += delta * (v - w.mean);
  }
  w = warp_welford_allreduce(w);

  const float var = w.m2 / (float)cols;
  const float rstd = rsqrtf(var + eps);
  if (lane == 0) {
    mean_out[row] = w.mean;
    rstd_out[row] = rstd;
  }
  float* yr = y + (size_t)row * cols;
  for (int j = lane; j < cols; j += 32) yr[j] = (xr[j] - w.mean) * rstd * gamma[j] + beta[j];
}
