// cuad: --fn mlp_gelu --wrt x,W,bias,y
// A linear layer followed by the exact (erf) GELU: one thread per (output feature, sample),
// samples on blockIdx.y, a 2-D grid computed from the sizes, `const __restrict__` inputs read
// through __ldg and a float4 inner loop over the input features.
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu_exact(float v) {
  return 0.5f * v * (1.0f + erff(v * 0.70710678f));
}

__global__ void mlp_gelu(const float* __restrict__ x, const float* __restrict__ W,
                         const float* __restrict__ bias, float* __restrict__ y, int in_f,
                         int out_f) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y;
  if (o >= out_f) return;
  const float4* xr = reinterpret_cast<const float4*>(x + b * in_f);
  const float4* wr = reinterpret_cast<const float4*>(W + o * in_f);
  float acc = __ldg(&bias[o]);
  for (int k = 0; k < in_f / 4; ++k) {
    float4 a = xr[k];
    float4 w = wr[k];
    acc += a.x * w.x + a.y * w.y + a.z * w.z + a.w * w.w;
  }
  y[b * out_f + o] = gelu_exact(acc);
}
