// cuad: --fn polar_features --wrt r,theta,gx,gy
// cuad: fwd --fn polar_features --wrt r,theta,gx,gy
// Written for cuad in the style of feature-encoding kernels in graphics / physics codes: a
// 64-bit grid-stride loop (`gridDim.x * (size_t)blockDim.x`), several early `continue`s on a
// mask and on invalid radii, one input writing two outputs through a shared `__sincosf`,
// fast intrinsics (`__expf`, `__logf`, `__fdividef`, `rsqrtf`), `::sqrtf`, `std::sin`,
// `std::exp`, `std::fmax`, `std::fma` spellings, `fminf`/`fmaxf` clamps and `copysignf`, and an
// output updated in place on one branch.
#include <algorithm>
#include <cmath>

__global__ void polar_features(const float* __restrict__ r, const float* __restrict__ theta,
                               const int* __restrict__ mask, float* __restrict__ gx,
                               float* __restrict__ gy, size_t n, float rmax) {
  const size_t stride = gridDim.x * (size_t)blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    if (mask[i] == 0) continue;
    const float ri = r[i];
    if (ri <= 0.f) continue;  // padding entries carry non-positive radii
    const float rc = fminf(fmaxf(ri, 0.05f), rmax);
    float s, c;
    __sincosf(theta[i], &s, &c);
    const float mag = ::sqrtf(rc) * __expf(-0.5f * rc);
    if (mask[i] == 2) {
      gx[i] = std::fma(mag, c, gx[i]);
      continue;
    }
    const float damp = rsqrtf(1.f + rc * rc);
    const float lg = __logf(1.f + rc);
    gx[i] = mag * c * damp + copysignf(lg, c);
    gy[i] = std::fmax(mag * s, -0.25f) + __fdividef(std::sin(theta[i]), 2.f + std::exp(-rc));
  }
}
