// cuad: --fn march_volume --wrt blobs,sigma_t,albedo,g,radiance,mean_T
// cuad: fwd --fn march_volume --wrt blobs,sigma_t,albedo,g,radiance,mean_T
// Single-scattering volume rendering of a participating medium made of Gaussian density
// blobs, as a differentiable renderer writes it (float): one thread per camera ray, a while
// loop marching at a fixed step until the far plane or until the view transmittance drops
// below a cutoff (break), at each sample a shadow ray toward a point light in __constant__
// memory whose step count depends on the distance to the light (ceilf), the Henyey-Greenstein
// phase function, exp attenuation of the view transmittance. The radiance is written per ray
// and the residual transmittance is averaged over all rays with a warp-shuffle reduction and
// one atomicAdd per warp (threads past the last ray join the shuffles with zero).
#include <cuda_runtime.h>

struct Blob {
  float cx, cy, cz;
  float inv_r2;  // 1 / radius^2
  float dens;
};

__constant__ float c_light[3] = {0.5f, 3.0f, 1.0f};

__device__ float density_at(const Blob* __restrict__ blobs, int nb, float px, float py, float pz) {
  float s = 0.0f;
  for (int b = 0; b < nb; ++b) {
    const float dx = px - blobs[b].cx, dy = py - blobs[b].cy, dz = pz - blobs[b].cz;
    s += blobs[b].dens * expf(-(dx * dx + dy * dy + dz * dz) * blobs[b].inv_r2);
  }
  return s;
}

__device__ float hg_phase(float cos_t, float g) {
  const float d = 1.0f + g * g - 2.0f * g * cos_t;
  return (1.0f - g * g) / (12.566371f * d * sqrtf(d));
}

__device__ float shadow_transmittance(const Blob* __restrict__ blobs, int nb, float px, float py,
                                      float pz, float sigma_t, float step) {
  const float lx = c_light[0] - px, ly = c_light[1] - py, lz = c_light[2] - pz;
  const float dist = sqrtf(lx * lx + ly * ly + lz * lz);
  const int n = (int)ceilf(dist / step);
  const float h = dist / n;
  float tau = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float s = (k + 0.5f) * h / dist;
    tau += density_at(blobs, nb, px + s * lx, py + s * ly, pz + s * lz) * h;
  }
  return expf(-sigma_t * tau);
}

__global__ void march_volume(int n_rays, const float* __restrict__ org, const float* __restrict__ dir,
                             const Blob* __restrict__ blobs, int nb, float sigma_t, float albedo,
                             float g, float step, float t_far, float t_cut, float* radiance,
                             float* mean_T) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  float T = 0.0f;
  if (r < n_rays) {
    const float ox = org[3 * r], oy = org[3 * r + 1], oz = org[3 * r + 2];
    const float dx = dir[3 * r], dy = dir[3 * r + 1], dz = dir[3 * r + 2];
    float t = 0.0f, L = 0.0f;
    T = 1.0f;
    while (t < t_far) {
      const float tm = t + 0.5f * step;
      const float px = ox + tm * dx, py = oy + tm * dy, pz = oz + tm * dz;
      const float sig = sigma_t * density_at(blobs, nb, px, py, pz);
      const float ts = shadow_transmittance(blobs, nb, px, py, pz, sigma_t, step);
      const float lx = c_light[0] - px, ly = c_light[1] - py, lz = c_light[2] - pz;
      const float cos_t = (dx * lx + dy * ly + dz * lz) * rsqrtf(lx * lx + ly * ly + lz * lz);
      L += T * albedo * sig * ts * hg_phase(cos_t, g) * step;
      T *= expf(-sig * step);
      if (T < t_cut) break;
      t += step;
    }
    radiance[r] = L;
  }
  float v = T;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(mean_T, v / n_rays);
}
