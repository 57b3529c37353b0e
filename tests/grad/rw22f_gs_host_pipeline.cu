// cuad: --fn splat_loss --wrt h_means,h_log_scales,h_opacity_logits,h_colors
// cuad: fwd --fn splat_loss --wrt h_means,h_colors
// A minimal Gaussian-splatting training step on the host side, single precision: isotropic
// 3-D Gaussians (log-scale and opacity logit activations) in camera space are projected by a
// kernel (EWA: s^2 J J^T with the perspective Jacobian, +0.3 px dilation, conic, sigmoid
// opacity, depth); the host copies the depths back, orders the Gaussians front to back with
// std::sort over an index vector and uploads the order; a render kernel template over the
// channel count blends the sorted list per pixel (alpha clamp 0.99, skip below 1/255,
// early stop when T would fall below 1e-4, background through the final T); the image comes
// back to the host and the L2 loss against a target is summed there.
#include <cuda_runtime.h>
#include <algorithm>
#include <numeric>
#include <vector>

struct Camera {
  float fx, fy, cx, cy;
  int width, height;
};

__device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void project_isotropic(int P, const float3* __restrict__ means, const float* __restrict__ log_scales,
                                  const float* __restrict__ opacity_logits, Camera cam, float2* __restrict__ xy,
                                  float4* __restrict__ conic_opacity, float* __restrict__ depth) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= P) return;
  const float3 p = means[i];
  const float s = expf(log_scales[i]);
  const float iz = 1.0f / p.z;
  // J = [[fx/z, 0, -fx x/z^2], [0, fy/z, -fy y/z^2]]; cov2d = s^2 J J^T
  const float j00 = cam.fx * iz, j02 = -cam.fx * p.x * iz * iz;
  const float j11 = cam.fy * iz, j12 = -cam.fy * p.y * iz * iz;
  const float a = s * s * (j00 * j00 + j02 * j02) + 0.3f;
  const float b = s * s * (j02 * j12);
  const float c = s * s * (j11 * j11 + j12 * j12) + 0.3f;
  const float det_inv = 1.0f / (a * c - b * b);
  xy[i] = make_float2(cam.fx * p.x * iz + cam.cx, cam.fy * p.y * iz + cam.cy);
  conic_opacity[i] = make_float4(c * det_inv, -b * det_inv, a * det_inv, sigmoid(opacity_logits[i]));
  depth[i] = p.z;
}

template <int C>
__global__ void render_sorted(int P, const int* __restrict__ order, const float2* __restrict__ xy,
                              const float4* __restrict__ conic_opacity, const float* __restrict__ colors,
                              const float* __restrict__ bg, Camera cam, float* __restrict__ image) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= cam.width || py >= cam.height) return;
  float T = 1.0f;
  float acc[C];
#pragma unroll
  for (int ch = 0; ch < C; ++ch) acc[ch] = 0.0f;
  for (int k = 0; k < P; ++k) {
    const int g = order[k];
    const float2 m = xy[g];
    const float4 co = conic_opacity[g];
    const float dx = m.x - px, dy = m.y - py;
    const float power = -0.5f * (co.x * dx * dx + co.z * dy * dy) - co.y * dx * dy;
    if (power > 0.0f) continue;
    const float alpha = fminf(0.99f, co.w * expf(power));
    if (alpha < 1.0f / 255.0f) continue;
    const float next_T = T * (1.0f - alpha);
    if (next_T < 1e-4f) break;
#pragma unroll
    for (int ch = 0; ch < C; ++ch) acc[ch] += colors[g * C + ch] * alpha * T;
    T = next_T;
  }
#pragma unroll
  for (int ch = 0; ch < C; ++ch) image[(py * cam.width + px) * C + ch] = acc[ch] + T * bg[ch];
}

float splat_loss(const float* h_means, const float* h_log_scales, const float* h_opacity_logits,
                 const float* h_colors, const float* h_target, int P, Camera cam) {
  const int n_pix = cam.width * cam.height;
  const float h_bg[3] = {0.1f, 0.1f, 0.2f};
  float *d_means, *d_log_scales, *d_opac, *d_colors, *d_bg, *d_depth, *d_image;
  float2* d_xy;
  float4* d_conic;
  int* d_order;
  cudaMalloc(&d_means, 3 * P * sizeof(float));
  cudaMalloc(&d_log_scales, P * sizeof(float));
  cudaMalloc(&d_opac, P * sizeof(float));
  cudaMalloc(&d_colors, 3 * P * sizeof(float));
  cudaMalloc(&d_bg, 3 * sizeof(float));
  cudaMalloc(&d_depth, P * sizeof(float));
  cudaMalloc(&d_image, 3 * n_pix * sizeof(float));
  cudaMalloc(&d_xy, P * sizeof(float2));
  cudaMalloc(&d_conic, P * sizeof(float4));
  cudaMalloc(&d_order, P * sizeof(int));
  cudaMemcpy(d_means, h_means, 3 * P * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_log_scales, h_log_scales, P * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_opac, h_opacity_logits, P * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_colors, h_colors, 3 * P * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bg, h_bg, 3 * sizeof(float), cudaMemcpyHostToDevice);

  project_isotropic<<<(P + 31) / 32, 32>>>(P, reinterpret_cast<const float3*>(d_means), d_log_scales, d_opac,
                                           cam, d_xy, d_conic, d_depth);

  // depth order on the host
  std::vector<float> depth(P);
  cudaMemcpy(depth.data(), d_depth, P * sizeof(float), cudaMemcpyDeviceToHost);
  std::vector<int> order(P);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  cudaMemcpy(d_order, order.data(), P * sizeof(int), cudaMemcpyHostToDevice);

  const dim3 block(8, 8), grid((cam.width + 7) / 8, (cam.height + 7) / 8);
  render_sorted<3><<<grid, block>>>(P, d_order, d_xy, d_conic, d_colors, d_bg, cam, d_image);

  std::vector<float> image(3 * n_pix);
  cudaMemcpy(image.data(), d_image, 3 * n_pix * sizeof(float), cudaMemcpyDeviceToHost);
  float loss = 0.0f;
  for (int i = 0; i < 3 * n_pix; ++i) {
    const float d = image[i] - h_target[i];
    loss += d * d;
  }
  cudaFree(d_means);
  cudaFree(d_log_scales);
  cudaFree(d_opac);
  cudaFree(d_colors);
  cudaFree(d_bg);
  cudaFree(d_depth);
  cudaFree(d_image);
  cudaFree(d_xy);
  cudaFree(d_conic);
  cudaFree(d_order);
  return loss;
}
