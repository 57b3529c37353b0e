// cuad: --fn gat_aggregate --wrt h,el,er,alpha,out
// cuad: fwd --fn gat_aggregate --wrt h,el,er,alpha,out
// Graph attention (GAT) aggregation, DGL-style fused edge softmax: one warp per destination
// node v, lanes stride over its in-edges (CSR by destination, degrees up to ~2 warps).
// Edge logits e = leaky_relu(el[u] + er[v]) (el/er: the precomputed per-node attention
// projections), a warp max (__shfl_xor_sync) and a warp sum (__shfl_down_sync + broadcast
// from lane 0) give the softmax; the attention of every edge is stored (alpha, for
// inspection / dropout) and the F neighbour features are aggregated, one warp reduction per
// feature, written by lane 0.
#include <cuda_runtime.h>

constexpr int kFeat = 4;
#define NEG_SLOPE 0.2f

__device__ __forceinline__ float leaky_relu(float x) { return x > 0.0f ? x : NEG_SLOPE * x; }

__device__ __forceinline__ float warp_max(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

__device__ __forceinline__ float warp_sum_bcast(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return __shfl_sync(0xffffffffu, v, 0);
}

__global__ void gat_aggregate(int n_nodes, const int* __restrict__ indptr, const int* __restrict__ src,
                              const float* __restrict__ h, const float* __restrict__ el,
                              const float* __restrict__ er, float* __restrict__ alpha,
                              float* __restrict__ out) {
  const int lane = threadIdx.x % 32;
  const int v = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (v >= n_nodes) return;
  const int beg = indptr[v], end = indptr[v + 1];
  const float erv = er[v];
  float m = -1e30f;
  for (int e = beg + lane; e < end; e += 32) m = fmaxf(m, leaky_relu(el[src[e]] + erv));
  m = warp_max(m);
  float z = 0.0f;
  for (int e = beg + lane; e < end; e += 32) z += expf(leaky_relu(el[src[e]] + erv) - m);
  z = warp_sum_bcast(z);
  for (int e = beg + lane; e < end; e += 32) alpha[e] = expf(leaky_relu(el[src[e]] + erv) - m) / z;
  for (int f = 0; f < kFeat; ++f) {
    float part = 0.0f;
    for (int e = beg + lane; e < end; e += 32)
      part += expf(leaky_relu(el[src[e]] + erv) - m) / z * h[src[e] * kFeat + f];
    part = warp_sum_bcast(part);
    if (lane == 0) out[v * kFeat + f] = end > beg ? part : 0.0f;
  }
}
