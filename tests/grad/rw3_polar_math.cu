// cuad: --fn polar_features --wrt xy,coef,out
// cuad: fwd --fn polar_features
// Per-point polar features in float: hypotf/atan2f, cbrtf, rsqrtf, copysignf, expm1f/log1pf,
// sinhf/coshf/tanhf and a fast-math __expf/__logf pair, over float2 inputs (grid-stride loop).
#include <cuda_runtime.h>

__global__ void polar_features(const float2* __restrict__ xy, const float* __restrict__ coef,
                               float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float2 p = xy[i];
    const float r = hypotf(p.x, p.y);
    const float th = atan2f(p.y, p.x);
    float f = coef[0] * cbrtf(r) * cosf(3.0f * th);
    f += coef[1] * rsqrtf(1.0f + r * r);
    f += copysignf(expm1f(0.3f * p.x), p.y);
    f += log1pf(r) * sinhf(0.5f * p.y) * coshf(0.2f * p.x);
    f += tanhf(p.x * p.y) + coef[2] * __logf(1.0f + __expf(-r));
    out[i] = f;
  }
}
