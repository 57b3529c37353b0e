// cuad: --fn soft_equalize --wrt img,out,bandwidth
// Differentiable histogram equalization: a soft histogram (each pixel spreads a Gaussian
// bump over NBINS bin centres) accumulated per block in shared memory with atomicAdd, then
// merged into a global histogram with atomicAdd; a single-thread kernel turns it into a
// normalized CDF (sequential prefix sum); a mapping kernel interpolates the CDF linearly at
// each pixel's intensity. Host function: 8-bit pixels are given as floats in [0, 1].
#include <cuda_runtime.h>
#include <cmath>

#define NBINS 16
#define THREADS 64

__global__ void soft_hist(const float* __restrict__ img, int n, float bandwidth,
                          float* __restrict__ hist) {
  __shared__ float local[NBINS];
  const int tid = threadIdx.x;
  if (tid < NBINS) local[tid] = 0.0f;
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + tid;
  if (i < n) {
    const float v = img[i];
    for (int b = 0; b < NBINS; ++b) {
      const float c = (b + 0.5f) / NBINS;
      const float d = (v - c) / bandwidth;
      atomicAdd(&local[b], __expf(-0.5f * d * d));
    }
  }
  __syncthreads();
  if (tid < NBINS) atomicAdd(&hist[tid], local[tid]);
}

__global__ void hist_to_cdf(const float* __restrict__ hist, float* __restrict__ cdf) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  float run = 0.0f;
  for (int b = 0; b < NBINS; ++b) {
    run += hist[b];
    cdf[b] = run;
  }
  const float total = run;
  for (int b = 0; b < NBINS; ++b) cdf[b] /= total;
}

__global__ void apply_cdf(const float* __restrict__ img, const float* __restrict__ cdf, int n,
                          float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float pos = img[i] * NBINS - 0.5f;
  int lo = (int)floorf(pos);
  float t = pos - lo;
  float a, b;
  if (lo < 0) {
    a = 0.0f; b = cdf[0]; t = (pos + 1.0f);
  } else if (lo >= NBINS - 1) {
    a = cdf[NBINS - 1]; b = 1.0f;
  } else {
    a = cdf[lo]; b = cdf[lo + 1];
  }
  out[i] = a + t * (b - a);
}

void soft_equalize(const float* img, float* out, int n, float bandwidth) {
  float *d_img, *d_hist, *d_cdf, *d_out;
  cudaMalloc(&d_img, n * sizeof(float));
  cudaMalloc(&d_hist, NBINS * sizeof(float));
  cudaMalloc(&d_cdf, NBINS * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_img, img, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_hist, 0, NBINS * sizeof(float));
  const int blocks = (n + THREADS - 1) / THREADS;
  soft_hist<<<blocks, THREADS>>>(d_img, n, bandwidth, d_hist);
  hist_to_cdf<<<1, 32>>>(d_hist, d_cdf);
  apply_cdf<<<blocks, THREADS>>>(d_img, d_cdf, n, d_out);
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_img);
  cudaFree(d_hist);
  cudaFree(d_cdf);
  cudaFree(d_out);
}
