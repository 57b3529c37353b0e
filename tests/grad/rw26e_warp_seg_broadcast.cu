// cuad: --fn warp_segment_normalize --wrt x,bias,y
// cuad: fwd --fn warp_segment_normalize --wrt x,bias,y
// Edge-softmax for low-degree nodes where every node's incoming edges fit inside one warp
// (the host pads the sorted edge list so no segment crosses a 32-edge boundary). Each lane
// holds one edge. Segment boundaries come from __ballot_sync over "my destination differs
// from the previous lane's"; a lane finds its segment's last lane with bit tricks (__ffs on
// the heads above it) and its head with __clz; the segmented inclusive scan of
// exp(x + bias[dst]) runs with __shfl_up_sync and the head mask, and the segment total is
// broadcast from the last lane with __shfl_sync (many lanes read one lane). Padding lanes
// (dst < 0) belong to no segment and write nothing.
#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu

__global__ void warp_segment_normalize(int n_slots, const int* __restrict__ dst, const float* __restrict__ x,
                                       const float* __restrict__ bias, float* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x & 31u;
  const int d = i < n_slots ? dst[i] : -1;
  const bool live = d >= 0;
  const int prev = __shfl_up_sync(FULL_MASK, d, 1);
  const bool head = lane == 0 || prev != d;
  const unsigned heads = __ballot_sync(FULL_MASK, head);
  // last lane of my segment: one before the next head above me, or 31
  const unsigned above = lane == 31 ? 0u : (heads >> (lane + 1)) << (lane + 1);
  const int tail = above ? __ffs(above) - 2 : 31;
  // first lane of my segment: the highest head at or below me
  const unsigned below = heads & (0xffffffffu >> (31 - lane));
  const int first = 31 - __clz(below);

  float e = live ? expf(x[i] + bias[d]) : 0.0f;
  float run = e;
  for (int off = 1; off < 32; off <<= 1) {
    const float t = __shfl_up_sync(FULL_MASK, run, off);
    if ((int)lane - off >= first) run += t;
  }
  const float total = __shfl_sync(FULL_MASK, run, tail);
  if (live) y[i] = e / total;
}
