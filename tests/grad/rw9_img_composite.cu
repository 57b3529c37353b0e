// cuad: --fn composite_rays<16> --wrt samples,tvals,out
// cuad: --fn composite_rays<16> --wrt samples,out
// NeRF-style front-to-back alpha compositing: per ray, NS samples stored as float4 (rgb in
// xyz, raw density in w), sample depths tvals, alpha = 1 - exp(-softplus(sigma) * delta),
// transmittance loop with early termination (`if (T < 1e-4f) break;`), a sigmoid on the
// colors, outputs float4 (rgb, opacity) and an expected depth.
#include <cuda_runtime.h>

__device__ __forceinline__ float softplus(float x) { return log1pf(expf(x)); }
__device__ __forceinline__ float sigm(float x) { return 1.0f / (1.0f + expf(-x)); }

template <int NS>
__global__ void composite_rays(const float4* __restrict__ samples, const float* __restrict__ tvals,
                               float4* __restrict__ out, float* __restrict__ depth, int nrays,
                               float bg) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrays) return;
  const float4* s = samples + r * NS;
  const float* tv = tvals + r * NS;
  float T = 1.0f;
  float3 rgb = make_float3(0.f, 0.f, 0.f);
  float d = 0.0f;
#pragma unroll
  for (int i = 0; i < NS; ++i) {
    const float delta = (i + 1 < NS) ? tv[i + 1] - tv[i] : 1e3f * 0.0f + 0.5f;
    const float4 v = s[i];
    const float alpha = 1.0f - expf(-softplus(v.w) * delta);
    const float wgt = T * alpha;
    rgb.x += wgt * sigm(v.x);
    rgb.y += wgt * sigm(v.y);
    rgb.z += wgt * sigm(v.z);
    d += wgt * tv[i];
    T *= 1.0f - alpha;
    if (T < 1e-4f) break;
  }
  const float acc = 1.0f - T;
  out[r] = make_float4(rgb.x + T * bg, rgb.y + T * bg, rgb.z + T * bg, acc);
  depth[r] = d;
}

template __global__ void composite_rays<16>(const float4*, const float*, float4*, float*, int, float);
