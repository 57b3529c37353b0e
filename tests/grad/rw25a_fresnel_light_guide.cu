// cuad: --fn light_guide --wrt theta,p,extracted,remaining
// cuad: --fn fresnel_dielectric
// cuad: fwd --fn fresnel_dielectric
// A planar light guide (a backlight or a scintillator slab) as an illumination-design code
// models it, in single precision: one thread per ray bouncing between the top and bottom faces
// of the core, the number of bounces set by the guide's length and the ray's hop
// (floorf, runtime), Beer-Lambert absorption along each zig-zag, unpolarised Fresnel
// reflectance at each face from a __device__ function written as renderers write it (the
// cosine's sign says whether the ray enters or leaves, indices swapped through a reference
// helper, an early return for total internal reflection), light escaping through each face
// accumulated, and a cut-off when the ray's energy is spent (break). Guide parameters in a
// struct passed by value.
#include <cuda_runtime.h>

struct GuideParams {
  float n_core;
  float n_top;   // cladding above
  float n_bot;   // cladding below
  float alpha;   // absorption per unit length
  float thickness;
  float length;
};

__device__ __forceinline__ void swap_f(float& a, float& b) {
  const float t = a;
  a = b;
  b = t;
}

__device__ float fresnel_dielectric(float cos_i, float eta_i, float eta_t) {
  if (cos_i < 0.0f) {  // leaving: flip the side
    swap_f(eta_i, eta_t);
    cos_i = -cos_i;
  }
  const float sin_i = sqrtf(1.0f - cos_i * cos_i);
  const float sin_t = eta_i / eta_t * sin_i;
  if (sin_t >= 1.0f) return 1.0f;  // total internal reflection
  const float cos_t = sqrtf(1.0f - sin_t * sin_t);
  const float r_par = (eta_t * cos_i - eta_i * cos_t) / (eta_t * cos_i + eta_i * cos_t);
  const float r_perp = (eta_i * cos_i - eta_t * cos_t) / (eta_i * cos_i + eta_t * cos_t);
  return 0.5f * (r_par * r_par + r_perp * r_perp);
}

__global__ void light_guide(const float* __restrict__ theta, int n_rays, GuideParams p, float e_cut,
                            float* extracted, float* remaining) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  float s, c;
  sincosf(theta[r], &s, &c);
  const float hop = p.thickness * s / c;
  const int nb = (int)floorf(p.length / hop);
  const float att = expf(-p.alpha * p.thickness / c);
  float E = 1.0f, top = 0.0f, bot = 0.0f;
  for (int b = 0; b < nb; ++b) {
    E *= att;
    const bool at_top = (b & 1) == 0;
    // the ray leaves the core: cosine against the outward normal is negative
    const float R = fresnel_dielectric(-c, at_top ? p.n_top : p.n_bot, p.n_core);
    if (at_top)
      top += (1.0f - R) * E;
    else
      bot += (1.0f - R) * E;
    E *= R;
    if (E < e_cut) break;
  }
  extracted[2 * r] = top;
  extracted[2 * r + 1] = bot;
  remaining[r] = E;
}
