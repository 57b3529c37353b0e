// cuad: --fn rof_denoise --wrt u,f,px,py,dv,lambda,tau
// cuad: fwd --fn rof_denoise
// Total-variation (ROF) denoising by explicit gradient descent on a smoothed TV energy, in
// float, as small image-processing codes write it: the caller owns the image `u` (warm start,
// updated in place), the noisy data `f` and three scratch planes (`px`, `py` normalized
// forward differences, `dv` their divergence). Each iteration launches three pixel kernels
// over a flattened grid-stride loop (`x = idx % w`, `y = idx / w`) with Neumann boundaries.
#include <cuda_runtime.h>

__global__ void tv_flux(const float* __restrict__ u, float* __restrict__ px,
                        float* __restrict__ py, float eps2, int w, int h) {
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < w * h;
       idx += blockDim.x * gridDim.x) {
    const int x = idx % w;
    const int y = idx / w;
    const float gx = x < w - 1 ? u[idx + 1] - u[idx] : 0.0f;
    const float gy = y < h - 1 ? u[idx + w] - u[idx] : 0.0f;
    const float inv = 1.0f / sqrtf(gx * gx + gy * gy + eps2);
    px[idx] = gx * inv;
    py[idx] = gy * inv;
  }
}

__global__ void tv_divergence(const float* __restrict__ px, const float* __restrict__ py,
                              float* __restrict__ dv, int w, int h) {
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < w * h;
       idx += blockDim.x * gridDim.x) {
    const int x = idx % w;
    const int y = idx / w;
    float d = 0.0f;
    if (x < w - 1) d += px[idx];
    if (x > 0) d -= px[idx - 1];
    if (y < h - 1) d += py[idx];
    if (y > 0) d -= py[idx - w];
    dv[idx] = d;
  }
}

__global__ void rof_step(float* __restrict__ u, const float* __restrict__ f,
                         const float* __restrict__ dv, float lambda, float tau, int npix) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= npix) return;
  u[idx] -= tau * ((u[idx] - f[idx]) - lambda * dv[idx]);
}

void rof_denoise(float* u, const float* f, float* px, float* py, float* dv, float lambda,
                 float tau, int w, int h, int iters) {
  const float eps = 0.25f;
  const int npix = w * h;
  const int threads = 64;
  for (int it = 0; it < iters; ++it) {
    tv_flux<<<2, threads>>>(u, px, py, eps * eps, w, h);
    tv_divergence<<<2, threads>>>(px, py, dv, w, h);
    rof_step<<<(npix + threads - 1) / threads, threads>>>(u, f, dv, lambda, tau, npix);
  }
}
