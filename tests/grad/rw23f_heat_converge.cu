// cuad: --fn anisotropic_diffuse --wrt img,kappa,out
// Perona-Malik anisotropic diffusion run until the update is small: a host while-loop launches
// a diffusion step (2-D blocks, edge-stopping function exp(-(g/kappa)^2)), then a reduction
// kernel sums the squared update per warp with __shfl_down_sync and one atomicAdd per warp
// into a device scalar that the host copies back to decide whether to stop (at most
// max_iters). Returns the final smoothness energy (a second warp reduction) and writes the
// result image.
#include <cuda_runtime.h>
#include <utility>

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__device__ __forceinline__ float edge_stop(float g, float kappa) {
  const float r = g / kappa;
  return __expf(-r * r);
}

__global__ void pm_step(const float* __restrict__ u, float* __restrict__ v, int W, int H, float kappa,
                        float dt) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float c = u[y * W + x];
  const float n = y > 0 ? u[(y - 1) * W + x] - c : 0.0f;
  const float s = y < H - 1 ? u[(y + 1) * W + x] - c : 0.0f;
  const float e = x < W - 1 ? u[y * W + x + 1] - c : 0.0f;
  const float w = x > 0 ? u[y * W + x - 1] - c : 0.0f;
  v[y * W + x] = c + dt * (edge_stop(n, kappa) * n + edge_stop(s, kappa) * s +
                           edge_stop(e, kappa) * e + edge_stop(w, kappa) * w);
}

__global__ void sq_diff_sum(const float* __restrict__ a, const float* __restrict__ b, int n,
                            float* __restrict__ total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float d = 0.0f;
  if (i < n) d = (a[i] - b[i]) * (a[i] - b[i]);
  d = warp_sum(d);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, d);
}

__global__ void grad_energy(const float* __restrict__ u, int W, int H, float* __restrict__ total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float e = 0.0f;
  if (i < W * H) {
    const int x = i % W, y = i / W;
    if (x < W - 1) e += (u[i + 1] - u[i]) * (u[i + 1] - u[i]);
    if (y < H - 1) e += (u[i + W] - u[i]) * (u[i + W] - u[i]);
  }
  e = warp_sum(e);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, e);
}

float anisotropic_diffuse(const float* img, float* out, int W, int H, float kappa, float dt,
                          float tol, int max_iters) {
  const int n = W * H;
  float *d_u, *d_v, *d_acc;
  cudaMalloc(&d_u, n * sizeof(float));
  cudaMalloc(&d_v, n * sizeof(float));
  cudaMalloc(&d_acc, sizeof(float));
  cudaMemcpy(d_u, img, n * sizeof(float), cudaMemcpyHostToDevice);
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  const int lin_blocks = (n + 63) / 64;
  int it = 0;
  while (it < max_iters) {
    pm_step<<<grid, block>>>(d_u, d_v, W, H, kappa, dt);
    cudaMemset(d_acc, 0, sizeof(float));
    sq_diff_sum<<<lin_blocks, 64>>>(d_u, d_v, n, d_acc);
    float change;
    cudaMemcpy(&change, d_acc, sizeof(float), cudaMemcpyDeviceToHost);
    std::swap(d_u, d_v);
    ++it;
    if (change < tol) break;
  }
  cudaMemset(d_acc, 0, sizeof(float));
  grad_energy<<<lin_blocks, 64>>>(d_u, W, H, d_acc);
  float energy;
  cudaMemcpy(&energy, d_acc, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(out, d_u, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_acc);
  return energy;
}
