// cuad: --fn segment_hist_entropy --wrt pos,weight,out
// Per-segment soft-histogram entropy (a differentiable "diversity" feature of ragged groups,
// e.g. the angle distribution of a node's neighbourhood): one block per segment of a sorted
// segment-id array, the segment's bounds found by binary search (thread 0, broadcast through
// shared memory); the block's threads stride over the segment, splitting each weighted
// sample between two neighbouring bins of a __shared__ histogram with atomicAdd; after a
// barrier, thread b owns bin b: a shared tree reduction gives the total mass, and the
// entropy -sum p log p is reduced the same way. out[seg] = entropy (0 for empty segments).
#include <cuda_runtime.h>

#define NB 16  // bins == threads per block

__device__ int lower_bound_seg(const int* __restrict__ ids, int n, int key) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (ids[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

__device__ float block_sum16(float* s, float v) {
  const int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (int k = NB / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  const float r = s[0];
  __syncthreads();
  return r;
}

__global__ void segment_hist_entropy(int n, const int* __restrict__ seg_ids, const float* __restrict__ pos,
                                     const float* __restrict__ weight, float* __restrict__ out) {
  __shared__ float hist[NB];
  __shared__ float red[NB];
  __shared__ int bounds[2];
  const int seg = blockIdx.x, t = threadIdx.x;
  if (t == 0) {
    bounds[0] = lower_bound_seg(seg_ids, n, seg);
    bounds[1] = lower_bound_seg(seg_ids, n, seg + 1);
  }
  hist[t] = 0.05f;  // a floor so log stays finite in empty bins
  __syncthreads();
  const int lo = bounds[0], hi = bounds[1];
  for (int i = lo + t; i < hi; i += NB) {
    const float p = pos[i] * (NB - 1);  // pos in [0, 1)
    const int b0 = (int)floorf(p);
    const float f = p - (float)b0;
    atomicAdd(&hist[b0], weight[i] * (1.0f - f));
    atomicAdd(&hist[b0 + 1], weight[i] * f);
  }
  __syncthreads();
  const float h = hist[t];
  const float total = block_sum16(red, h);
  const float pb = h / total;
  const float ent = block_sum16(red, -pb * logf(pb));
  if (t == 0) out[seg] = hi > lo ? ent : 0.0f;
}
