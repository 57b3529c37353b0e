// cuad: --fn rounded_features --wrt x,out
// cuad: fwd --fn rounded_features
// Float kernels written with IEEE-rounded intrinsics and vector norms: __frsqrt_rn, __fdiv_rn,
// __fmul_rn, sincospif (pointer outputs), norm4df/rnorm4df over a float4 load.
#include <cuda_runtime.h>

__global__ void rounded_features(const float4* __restrict__ x, float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 v = x[i];
  float s, c;
  sincospif(0.5f * v.x, &s, &c);
  float r = __frsqrt_rn(__fmul_rn(v.y, v.y) + 1.0f) + __fdiv_rn(v.x, 3.0f + v.z * v.z);
  r += norm4df(v.x, v.y, v.z, v.w) * s + rnorm4df(v.w, v.z, 1.0f, v.x) * c;
  out[i] = r;
}
