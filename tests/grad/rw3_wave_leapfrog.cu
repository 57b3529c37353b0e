// cuad: --fn wave_run --wrt u0,v0,c,u_out
// cuad: fwd --fn wave_run
// 1-D wave equation, leapfrog in time: a host function with an error-check macro, a start-up
// kernel (u1 = u0 + dt v0 + half the Laplacian), a time loop rotating three device buffers with
// std::swap, cudaDeviceSynchronize, and an energy finished on the host from a D2H copy.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <utility>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

__global__ void wave_start(const float* u0, const float* v0, float* u1, float c2, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float left = i > 0 ? u0[i - 1] : 0.0f;
  float right = i < n - 1 ? u0[i + 1] : 0.0f;
  u1[i] = u0[i] + dt * v0[i] + 0.5f * c2 * (left - 2.0f * u0[i] + right);
}

__global__ void wave_step(const float* __restrict__ prev, const float* __restrict__ cur,
                          float* __restrict__ next, float c2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float left = i > 0 ? cur[i - 1] : 0.0f;
  float right = i < n - 1 ? cur[i + 1] : 0.0f;
  next[i] = 2.0f * cur[i] - prev[i] + c2 * (left - 2.0f * cur[i] + right);
}

float wave_run(const float* u0, const float* v0, float c, float dt, int n, int steps, float* u_out) {
  const size_t bytes = n * sizeof(float);
  float *d_prev, *d_cur, *d_next, *d_v;
  CUDA_CHECK(cudaMalloc(&d_prev, bytes));
  CUDA_CHECK(cudaMalloc(&d_cur, bytes));
  CUDA_CHECK(cudaMalloc(&d_next, bytes));
  CUDA_CHECK(cudaMalloc(&d_v, bytes));
  CUDA_CHECK(cudaMemcpy(d_prev, u0, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_v, v0, bytes, cudaMemcpyHostToDevice));
  const float c2 = c * c * dt * dt;
  const int threads = 32;
  const int blocks = (n + threads - 1) / threads;
  wave_start<<<blocks, threads>>>(d_prev, d_v, d_cur, c2, dt, n);
  CUDA_CHECK(cudaGetLastError());
  for (int s = 0; s < steps; ++s) {
    wave_step<<<blocks, threads>>>(d_prev, d_cur, d_next, c2, n);
    std::swap(d_prev, d_cur);
    std::swap(d_cur, d_next);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(u_out, d_cur, bytes, cudaMemcpyDeviceToHost));
  float energy = 0.0f;
  for (int i = 0; i < n; ++i) energy += u_out[i] * u_out[i];
  CUDA_CHECK(cudaFree(d_prev));
  CUDA_CHECK(cudaFree(d_cur));
  CUDA_CHECK(cudaFree(d_next));
  CUDA_CHECK(cudaFree(d_v));
  return 0.5f * energy;
}
