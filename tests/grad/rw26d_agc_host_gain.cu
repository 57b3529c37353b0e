// cuad: --fn loudness_normalize --wrt x,target_rms,y
// cuad: fwd --fn loudness_normalize --wrt x,target_rms,y
// Loudness normalisation with a soft limiter (an audio dataset-preprocessing step inside a
// differentiable pipeline): a first kernel accumulates the block's energy after a
// first-order pre-emphasis filter (K-weighting stand-in) into one device scalar with
// atomicAdd; the host copies it back, computes the make-up gain target / sqrt(mean + eps) in
// host code, and passes it as a scalar argument to a second kernel that applies the gain
// and a tanh soft limiter with a ceiling. The result is copied back to the caller.
// Gradients flow through the host-side gain computation into the second launch.
#include <cuda_runtime.h>
#include <math.h>

__global__ void preemph_energy(const float* __restrict__ x, int n, float coef, float* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float prev = i > 0 ? x[i - 1] : 0.0f;
  const float v = x[i] - coef * prev;
  atomicAdd(energy, v * v);
}

__global__ void gain_limit(const float* __restrict__ x, float* __restrict__ y, int n, float gain, float ceiling) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = ceiling * tanhf(gain * x[i] / ceiling);
}

void loudness_normalize(const float* x, float* y, int n, float target_rms, float ceiling) {
  float *d_x, *d_y, *d_e;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMalloc(&d_e, sizeof(float));
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_e, 0, sizeof(float));
  const int threads = 64, blocks = (n + threads - 1) / threads;
  preemph_energy<<<blocks, threads>>>(d_x, n, 0.85f, d_e);
  float energy = 0.0f;
  cudaMemcpy(&energy, d_e, sizeof(float), cudaMemcpyDeviceToHost);
  const float rms = sqrtf(energy / n + 1e-8f);
  const float gain = target_rms / rms;
  gain_limit<<<blocks, threads>>>(d_x, d_y, n, gain, ceiling);
  cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_e);
}
