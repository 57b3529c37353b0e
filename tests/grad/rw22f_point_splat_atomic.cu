// cuad: --fn splat_points --wrt h_pos,h_col,h_radius,h_image
// cuad: fwd --fn splat_points --wrt h_pos,h_col,h_image
// Differentiable point splatting (a surface-splatting / point-based neural rendering
// forward pass), single precision: a host function clears an RGBW accumulation buffer of
// float4 with cudaMemset, a grid-stride kernel projects each camera-space point with a pinhole
// model, rounds its center to the nearest pixel (__float2int_rn) and scatters a 5x5 footprint
// of Gaussian weights exp(-d^2 / 2 sigma^2 - z / tau) (sigma = the projected world radius)
// times its color into the buffer with atomicAdd on the float4's components, skipping pixels
// outside the image; a second kernel normalises every pixel by its accumulated weight,
// blending in a background with a fixed pseudo-weight; the image is copied back.
#include <cuda_runtime.h>

#define SPLAT_R 2
#define DEPTH_TAU 1.5f
#define BG_WEIGHT 0.05f

struct Intrinsics {
  float f, cx, cy;
  int W, H;
};

__global__ void splat_kernel(int N, const float3* __restrict__ pos, const float3* __restrict__ col,
                             const float* __restrict__ radius, Intrinsics K, float4* __restrict__ accum) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
    const float3 p = pos[i];
    const float iz = 1.0f / p.z;
    const float u = K.f * p.x * iz + K.cx, v = K.f * p.y * iz + K.cy;
    const float sigma = K.f * radius[i] * iz;
    const float inv2s2 = 0.5f / (sigma * sigma);
    const float depth_w = __expf(-p.z / DEPTH_TAU);
    const int cu = __float2int_rn(u), cv = __float2int_rn(v);
    const float3 c = col[i];
#pragma unroll
    for (int dy = -SPLAT_R; dy <= SPLAT_R; ++dy) {
#pragma unroll
      for (int dx = -SPLAT_R; dx <= SPLAT_R; ++dx) {
        const int x = cu + dx, y = cv + dy;
        if (x < 0 || x >= K.W || y < 0 || y >= K.H) continue;
        const float ddx = (float)x - u, ddy = (float)y - v;
        const float w = __expf(-(ddx * ddx + ddy * ddy) * inv2s2) * depth_w;
        float4* a = accum + y * K.W + x;
        atomicAdd(&a->x, w * c.x);
        atomicAdd(&a->y, w * c.y);
        atomicAdd(&a->z, w * c.z);
        atomicAdd(&a->w, w);
      }
    }
  }
}

__global__ void normalize_kernel(const float4* __restrict__ accum, float3 bg, int n, float* __restrict__ image) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 a = accum[i];
  const float inv = 1.0f / (a.w + BG_WEIGHT);
  image[3 * i + 0] = (a.x + BG_WEIGHT * bg.x) * inv;
  image[3 * i + 1] = (a.y + BG_WEIGHT * bg.y) * inv;
  image[3 * i + 2] = (a.z + BG_WEIGHT * bg.z) * inv;
}

void splat_points(const float* h_pos, const float* h_col, const float* h_radius, int N, Intrinsics K,
                  float* h_image) {
  const int n = K.W * K.H;
  float *d_pos, *d_col, *d_radius, *d_image;
  float4* d_accum;
  cudaMalloc(&d_pos, 3 * N * sizeof(float));
  cudaMalloc(&d_col, 3 * N * sizeof(float));
  cudaMalloc(&d_radius, N * sizeof(float));
  cudaMalloc(&d_accum, n * sizeof(float4));
  cudaMalloc(&d_image, 3 * n * sizeof(float));
  cudaMemcpy(d_pos, h_pos, 3 * N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, h_col, 3 * N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_radius, h_radius, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_accum, 0, n * sizeof(float4));
  splat_kernel<<<2, 32>>>(N, reinterpret_cast<const float3*>(d_pos), reinterpret_cast<const float3*>(d_col),
                          d_radius, K, d_accum);
  normalize_kernel<<<(n + 63) / 64, 64>>>(d_accum, make_float3(0.2f, 0.2f, 0.25f), n, d_image);
  cudaMemcpy(h_image, d_image, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_col);
  cudaFree(d_radius);
  cudaFree(d_accum);
  cudaFree(d_image);
}
