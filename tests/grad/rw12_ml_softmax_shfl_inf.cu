// cuad: --fn softmax_warp_row<float> --wrt out,in
// Short-row softmax (rows of at most 32 logits, e.g. per-head router or MoE gating scores):
// one warp per row, template <typename T>, lanes past the row length hold
// -std::numeric_limits<T>::infinity(), the max and the sum are __shfl_down_sync trees whose
// result lane 0 broadcasts with __shfl_sync(mask, v, 0), max() of floats, __expf and
// __fdividef for the normalization.
#include <cuda_runtime.h>
#include <limits>

template <typename T>
__global__ void softmax_warp_row(T* __restrict__ out, const T* __restrict__ in, int rows, int C) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  const T v = lane < C ? in[row * C + lane] : -std::numeric_limits<T>::infinity();
  T m = v;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = max(m, __shfl_down_sync(0xffffffffu, m, o));
  m = __shfl_sync(0xffffffffu, m, 0);
  const T e = __expf(v - m);
  T s = e;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  s = __shfl_sync(0xffffffffu, s, 0);
  if (lane < C) out[row * C + lane] = __fdividef(e, s);
}
