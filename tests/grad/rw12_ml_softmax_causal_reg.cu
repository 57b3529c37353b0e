// cuad: --fn scaled_causal_softmax<4> --wrt out,in,scale
// Scaled upper-triangular masked softmax in the style of Megatron-LM / PyTorch's persistent
// softmax: one warp per row, each lane keeps ELEMS values in a register array (template <int
// ELEMS>, unrolled with #pragma unroll), the causal mask with a KV-cache offset (key j visible
// when j <= past + row % T) sets sentinels, the row max and the row sum are warp butterflies
// (__shfl_xor_sync), the max is subtracted before exp, masked entries store 0.
#include <cuda_runtime.h>

#define WARP 32

__device__ __forceinline__ double warp_max(double v) {
#pragma unroll
  for (int o = WARP / 2; o > 0; o /= 2) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ __forceinline__ double warp_add(double v) {
#pragma unroll
  for (int o = WARP / 2; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// in, out: [rows, ELEMS * 32]; row r is query past + r % T of its sequence (KV cache).
template <int ELEMS>
__global__ void scaled_causal_softmax(double* __restrict__ out, const double* __restrict__ in,
                                      double scale, int rows, int T, int past) {
  constexpr int COLS = ELEMS * WARP;
  const int row = blockIdx.x * (blockDim.x / WARP) + threadIdx.x / WARP;
  const int lane = threadIdx.x % WARP;
  if (row >= rows) return;
  const int q = past + row % T;  // keys already in the KV cache come first
  double vals[ELEMS];
  double m = -1e300;
#pragma unroll
  for (int e = 0; e < ELEMS; ++e) {
    const int col = e * WARP + lane;
    vals[e] = (col <= q) ? in[(size_t)row * COLS + col] * scale : -1e300;
    m = fmax(m, vals[e]);
  }
  m = warp_max(m);
  double s = 0.0;
#pragma unroll
  for (int e = 0; e < ELEMS; ++e) {
    const int col = e * WARP + lane;
    vals[e] = (col <= q) ? exp(vals[e] - m) : 0.0;
    s += vals[e];
  }
  s = warp_add(s);
  const double inv = 1.0 / s;
#pragma unroll
  for (int e = 0; e < ELEMS; ++e) out[(size_t)row * COLS + e * WARP + lane] = vals[e] * inv;
}
