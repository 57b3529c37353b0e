// cuad: --fn silu_scale_half --wrt x,bias,scale,y
// cuad: fwd --fn silu_scale_half --wrt x,bias,scale,y
// Written for cuad in the style of mixed-precision inference kernels (FasterTransformer /
// llama.cpp style): activations stored as `__half`, a bias in `__nv_bfloat16`, all math in
// float through `__half2float` / `__bfloat162float`, a float scale vector and float output,
// `__restrict__` and a grid-stride loop with `size_t` indices.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__device__ __forceinline__ float silu(float v) { return v / (1.f + __expf(-v)); }

__global__ void silu_scale_half(const __half* __restrict__ x,
                                const __nv_bfloat16* __restrict__ bias,
                                const float* __restrict__ scale, float* __restrict__ y, size_t n,
                                int cols) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    const float v = __half2float(x[i]) + __bfloat162float(bias[i % cols]);
    y[i] = silu(v) * scale[i % cols];
  }
}
