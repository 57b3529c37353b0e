// cuad: --fn lse_rows --wrt x,out
// cuad: fwd --fn lse_rows --wrt x,out
// Written for cuad in the style of an inference engine's fused log-sum-exp (ggml / FasterTransformer
// style): one warp per row, `extern "C"`, `static __device__ __forceinline__` warp reductions,
// `-INFINITY` and `-HUGE_VALF` as initial maxima,
// `__any_sync` to skip rows whose lanes all hold masked values, `__ballot_sync`/`__popc` to
// count valid entries and `__ffs` to elect the lane that writes the result, `__syncwarp()`
// between the phases.
#include <cmath>

static __device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

static __device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void lse_rows(const float* __restrict__ x, const int* __restrict__ mask,
                                    float* __restrict__ out, int rows, int cols) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  float m = -INFINITY;
  int valid = 0;
  for (int c = lane; c < cols; c += 32) {
    if (mask[row * cols + c]) {
      m = fmaxf(m, x[row * cols + c]);
      ++valid;
    }
  }
  const unsigned has = __ballot_sync(0xffffffffu, valid > 0);
  if (!__any_sync(0xffffffffu, valid > 0)) {
    if (lane == 0) out[row] = -HUGE_VALF;
    return;
  }
  m = warp_max(m);
  __syncwarp();
  float s = 0.f;
  for (int c = lane; c < cols; c += 32)
    if (mask[row * cols + c]) s += __expf(x[row * cols + c] - m);
  s = warp_sum(s);
  const int leader = __ffs(has) - 1;
  const float scale = 1.f + 0.01f * (float)__popc(has);
  if (lane == leader) out[row] = scale * (m + logf(s));
}
