// cuad: --fn warp_cumsum_gate --wrt x,gate,y
// Per-warp inclusive scan with __shfl_up_sync (lanes below the offset keep their value), the
// warp's total broadcast from lane 31 with __shfl_sync, a __ballot_sync/__popc count of the
// positive inputs scaling the result, and a gate applied per lane.
#include <cuda_runtime.h>

__global__ void warp_cumsum_gate(const float* __restrict__ x, const float* __restrict__ gate,
                                 float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  float v = i < n ? x[i] : 0.0f;
  const unsigned pos = __ballot_sync(0xffffffffu, v > 0.0f);
  const float frac = __popc(pos) / 32.0f;
#pragma unroll
  for (int off = 1; off < 32; off <<= 1) {
    const float up = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= off) v += up;
  }
  const float total = __shfl_sync(0xffffffffu, v, 31);
  if (i < n) y[i] = (v / (1.0f + fabsf(total))) * (1.0f + frac) * tanhf(gate[i]);
}
