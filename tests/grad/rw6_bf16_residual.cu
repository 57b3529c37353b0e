// cuad: --fn fused_residual_gelu --wrt inp1,inp2,bias,out
// cuad: fwd --fn fused_residual_gelu --wrt inp1,inp2,bias,out
// Written for cuad in the style of llm.c's bf16 kernels: `typedef __nv_bfloat16 floatX;`,
// C-style casts `(float)x[i]` and `(floatX)v` between storage and math types, a fused
// residual + bias + tanh-GELU with `#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)`, a 2-D
// launch (channels on x, tokens on y) with an early return, `__restrict__`, `__ldg` on the
// bias, and a `static_assert` on the storage size.
#include <cuda_bf16.h>
#include <cmath>

typedef __nv_bfloat16 floatX;
static_assert(sizeof(floatX) == 2, "floatX is a 16-bit type");
#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

__global__ void fused_residual_gelu(const floatX* __restrict__ inp1,
                                    const floatX* __restrict__ inp2,
                                    const float* __restrict__ bias, float* __restrict__ out,
                                    int T, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int t = blockIdx.y;
  if (c >= C) return;
  const int idx = t * C + c;
  const float x = (float)inp1[idx] + (float)inp2[idx] + __ldg(&bias[c]);
  const float cube = 0.044715f * x * x * x;
  const float g = 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
  out[idx] = g;
}
