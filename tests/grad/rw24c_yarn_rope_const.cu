// cuad: --fn apply_rope_yarn --wrt q,theta,factor
// cuad: fwd --fn apply_rope_yarn --wrt q,theta,factor
// Rotary embeddings with YaRN context extension, as a serving engine sets them up: the host
// computes the per-pair inverse frequencies once (base theta^(-2i/d), blended between the
// interpolated (divided by the scaling factor) and the original frequency by a linear ramp over
// the pair's wavelength ratio, clamped to [0, 1]) and the attention temperature
// 0.1 ln(factor) + 1, uploads them to __constant__ memory with cudaMemcpyToSymbol, and the
// kernel rotates the query heads in place with sincosf, scaling them by the temperature.
#include <cuda_runtime.h>
#include <cmath>

#define MAX_PAIRS 32

__constant__ float c_inv_freq[MAX_PAIRS];
__constant__ float c_mscale;

__global__ void rope_const_kernel(float* q, const int* __restrict__ pos, int T, int H, int D) {
  const int half = D / 2;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= T * H * half) return;
  const int i = idx % half;
  const int th = idx / half;  // token * H + head
  const int t = th / H;
  float s, c;
  sincosf((float)pos[t] * c_inv_freq[i], &s, &c);
  float* v = q + th * D;
  const float a = v[i], b = v[i + half];
  v[i] = (a * c - b * s) * c_mscale;
  v[i + half] = (a * s + b * c) * c_mscale;
}

static float yarn_ramp(float lo, float hi, float x) {
  float r = (x - lo) / (hi - lo);
  if (r < 0.0f) r = 0.0f;
  if (r > 1.0f) r = 1.0f;
  return r;
}

void apply_rope_yarn(float* q, const int* pos, int T, int H, int D, float theta, float factor, int orig_ctx) {
  const int half = D / 2;
  const float beta_fast = 4.0f, beta_slow = 1.0f;
  float inv_freq[MAX_PAIRS];
  for (int i = 0; i < half; ++i) {
    const float base = std::pow(theta, -2.0f * i / D);
    const float wavelen_ratio = orig_ctx * base / (2.0f * 3.14159265f);  // rotations over the context
    const float keep = yarn_ramp(beta_slow, beta_fast, wavelen_ratio);  // 1: keep the original
    inv_freq[i] = base / factor * (1.0f - keep) + base * keep;
  }
  const float mscale = 0.1f * std::log(factor) + 1.0f;
  cudaMemcpyToSymbol(c_inv_freq, inv_freq, half * sizeof(float));
  cudaMemcpyToSymbol(c_mscale, &mscale, sizeof(float));

  const int n = T * H * D;
  float* d_q;
  int* d_pos;
  cudaMalloc(&d_q, n * sizeof(float));
  cudaMalloc(&d_pos, T * sizeof(int));
  cudaMemcpy(d_q, q, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pos, pos, T * sizeof(int), cudaMemcpyHostToDevice);
  const int work = T * H * half;
  rope_const_kernel<<<(work + 63) / 64, 64>>>(d_q, d_pos, T, H, D);
  cudaMemcpy(q, d_q, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_q);
  cudaFree(d_pos);
}
