// cuad: --fn splat_gaussians --wrt g,img
// cuad: --fn splat_run --wrt means,params,out
// 2-D Gaussian splatting, scatter form: one thread per Gaussian, a `Gauss2D` struct with a
// member function (the conic from a Cholesky-like parametrization), a local footprint
// window of compile-time size under #pragma unroll whose pixels receive atomicAdd of
// opacity * exp(-0.5 * mahalanobis) * color (float3 color, 3-channel planar image). The host
// function packs float2 means and float4 params (log-scales, rotation, opacity) into the
// struct on the device, splats, and applies a per-pixel 1 - exp(-x) saturation.
#include <cuda_runtime.h>
#define FP 5  // footprint width (pixels)

struct Gauss2D {
  float2 mu;
  float a, b, c;  // conic: inverse covariance [[a, b], [b, c]]
  float opacity;
  float3 color;
  __device__ float power(float dx, float dy) const {
    return -0.5f * (a * dx * dx + 2.0f * b * dx * dy + c * dy * dy);
  }
};

__global__ void splat_gaussians(const Gauss2D* __restrict__ g, int ng, float* img, int W, int H) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= ng) return;
  const Gauss2D G = g[k];
  const int cx = (int)G.mu.x - FP / 2, cy = (int)G.mu.y - FP / 2;
#pragma unroll
  for (int j = 0; j < FP; ++j)
#pragma unroll
    for (int i = 0; i < FP; ++i) {
      const int x = cx + i, y = cy + j;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const float alpha = G.opacity * expf(G.power(x + 0.5f - G.mu.x, y + 0.5f - G.mu.y));
      atomicAdd(&img[y * W + x], alpha * G.color.x);
      atomicAdd(&img[(H + y) * W + x], alpha * G.color.y);
      atomicAdd(&img[(2 * H + y) * W + x], alpha * G.color.z);
    }
}

__global__ void pack(const float2* means, const float4* params, Gauss2D* g, int ng) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= ng) return;
  const float4 p = params[k];
  const float sx = expf(p.x), sy = expf(p.y), cs = cosf(p.z), sn = sinf(p.z);
  // Sigma = R diag(sx^2, sy^2) R^T; conic = R diag(1/sx^2, 1/sy^2) R^T
  const float ix = 1.0f / (sx * sx), iy = 1.0f / (sy * sy);
  Gauss2D G;
  G.mu = means[k];
  G.a = cs * cs * ix + sn * sn * iy;
  G.b = cs * sn * (ix - iy);
  G.c = sn * sn * ix + cs * cs * iy;
  G.opacity = 1.0f / (1.0f + expf(-p.w));
  G.color = make_float3(0.9f, 0.5f + 0.02f * k, 0.2f);
  g[k] = G;
}

__global__ void saturate_img(float* img, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) img[i] = 1.0f - expf(-img[i]);
}

void splat_run(const float2* means, const float4* params, float* out, int ng, int W, int H) {
  float2* d_m;
  float4* d_p;
  Gauss2D* d_g;
  float* d_img;
  const int npx = 3 * W * H;
  cudaMalloc(&d_m, ng * sizeof(float2));
  cudaMalloc(&d_p, ng * sizeof(float4));
  cudaMalloc(&d_g, ng * sizeof(Gauss2D));
  cudaMalloc(&d_img, npx * sizeof(float));
  cudaMemcpy(d_m, means, ng * sizeof(float2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, params, ng * sizeof(float4), cudaMemcpyHostToDevice);
  cudaMemset(d_img, 0, npx * sizeof(float));
  pack<<<(ng + 31) / 32, 32>>>(d_m, d_p, d_g, ng);
  splat_gaussians<<<(ng + 31) / 32, 32>>>(d_g, ng, d_img, W, H);
  saturate_img<<<(npx + 63) / 64, 64>>>(d_img, npx);
  cudaMemcpy(out, d_img, npx * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_m);
  cudaFree(d_p);
  cudaFree(d_g);
  cudaFree(d_img);
}
