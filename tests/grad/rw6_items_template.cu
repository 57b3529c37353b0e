// cuad: --fn rmsnorm_items<64,4> --wrt x,gamma,y
// cuad: fwd --fn rmsnorm_items<64,4> --wrt x,gamma,y
// Written for cuad in the style of CUB/Apex-style fused normalization kernels: non-type
// template parameters `template <int BLOCK, int ITEMS>` sizing per-thread register arrays
// `float v[ITEMS]` under `#pragma unroll`, `__maxnreg__`, a blocked load with a bounds check,
// a warp reduction with `__shfl_down_sync` then `__syncwarp()` + shared-memory combine,
// `constexpr` device constants, `assert` on the launch shape and a debug `printf` that must
// survive differentiation.
#include <cassert>
#include <cstdio>

constexpr float kEps = 1e-5f;
constexpr int kWarp = 32;

template <int BLOCK, int ITEMS>
__global__ void __maxnreg__(64) rmsnorm_items(const float* __restrict__ x,
                                              const float* __restrict__ gamma,
                                              float* __restrict__ y, int cols, int debug) {
  static_assert(BLOCK % kWarp == 0, "BLOCK must be a multiple of the warp size");
  assert(blockDim.x == BLOCK);
  __shared__ float warp_sums[BLOCK / kWarp];
  __shared__ float inv_rms;
  const int row = blockIdx.x;
  const float* __restrict__ xr = x + (size_t)row * cols;
  float v[ITEMS];
  float ss = 0.f;
#pragma unroll
  for (int it = 0; it < ITEMS; ++it) {
    const int c = threadIdx.x + it * BLOCK;
    v[it] = c < cols ? xr[c] : 0.f;
    ss += v[it] * v[it];
  }
#pragma unroll
  for (int o = kWarp / 2; o > 0; o >>= 1) ss += __shfl_down_sync(0xffffffffu, ss, o);
  __syncwarp();
  if (threadIdx.x % kWarp == 0) warp_sums[threadIdx.x / kWarp] = ss;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0.f;
#pragma unroll
    for (int w = 0; w < BLOCK / kWarp; ++w) t += warp_sums[w];
    inv_rms = rsqrtf(t / cols + kEps);
    if (debug && row == 0) printf("row %d: inv_rms %f\n", row, inv_rms);
  }
  __syncthreads();
#pragma unroll
  for (int it = 0; it < ITEMS; ++it) {
    const int c = threadIdx.x + it * BLOCK;
    if (c < cols) y[(size_t)row * cols + c] = v[it] * inv_rms * gamma[c];
  }
}

template __global__ void rmsnorm_items<64, 4>(const float* __restrict__, const float* __restrict__,
                                              float* __restrict__, int, int);
