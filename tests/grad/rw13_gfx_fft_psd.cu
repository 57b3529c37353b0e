// cuad: --fn power_spectrum --wrt x,alpha,psd
// cuad: fwd --fn power_spectrum --wrt x,alpha,psd
// Batched radix-2 decimation-in-time FFT for a windowed power spectrum (audio features /
// spectral image losses): cuFloatComplex data, a first kernel applying a generalized
// Hamming window alpha - (1 - alpha) cos(2 pi i / (n - 1)) and writing to bit-reversed
// positions (__brev), log2(n) launches of an in-place butterfly kernel driven by a host loop
// over stages (twiddles from sincospif, cuCmulf / cuCaddf / cuCsubf), then |X_k|^2 / n on the
// half spectrum copied back to the host.
#include <cuda_runtime.h>
#include <cuComplex.h>

__global__ void window_bitrev(const float* __restrict__ x, cuFloatComplex* __restrict__ data,
                              int batch, int n, int logn, float alpha) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= batch * n) return;
  const int b = tid / n, i = tid % n;
  const float w = alpha - (1.0f - alpha) * cospif(2.0f * i / (float)(n - 1));
  const int r = (int)(__brev((unsigned)i) >> (32 - logn));
  data[b * n + r] = make_cuFloatComplex(w * x[tid], 0.0f);
}

__global__ void butterfly_stage(cuFloatComplex* data, int batch, int n, int half) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int pairs = n / 2;
  if (tid >= batch * pairs) return;
  const int b = tid / pairs, k = tid % pairs;
  const int group = k / half, pos = k % half;
  const int i0 = b * n + group * 2 * half + pos, i1 = i0 + half;
  float s, c;
  sincospif(-(float)pos / (float)half, &s, &c);
  const cuFloatComplex tw = make_cuFloatComplex(c, s);
  const cuFloatComplex u = data[i0];
  const cuFloatComplex v = cuCmulf(data[i1], tw);
  data[i0] = cuCaddf(u, v);
  data[i1] = cuCsubf(u, v);
}

__global__ void half_power(const cuFloatComplex* __restrict__ data, float* __restrict__ psd,
                           int batch, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int nh = n / 2 + 1;
  if (tid >= batch * nh) return;
  const int b = tid / nh, k = tid % nh;
  const cuFloatComplex X = data[b * n + k];
  psd[tid] = (cuCrealf(X) * cuCrealf(X) + cuCimagf(X) * cuCimagf(X)) / n;
}

void power_spectrum(const float* x, int batch, int logn, float alpha, float* psd) {
  const int n = 1 << logn, nh = n / 2 + 1;
  float *d_x, *d_psd;
  cuFloatComplex* d_data;
  cudaMalloc(&d_x, batch * n * sizeof(float));
  cudaMalloc(&d_data, batch * n * sizeof(cuFloatComplex));
  cudaMalloc(&d_psd, batch * nh * sizeof(float));
  cudaMemcpy(d_x, x, batch * n * sizeof(float), cudaMemcpyHostToDevice);
  const int threads = 32;
  window_bitrev<<<(batch * n + threads - 1) / threads, threads>>>(d_x, d_data, batch, n, logn, alpha);
  for (int half = 1; half < n; half <<= 1)
    butterfly_stage<<<(batch * n / 2 + threads - 1) / threads, threads>>>(d_data, batch, n, half);
  half_power<<<(batch * nh + threads - 1) / threads, threads>>>(d_data, d_psd, batch, n);
  cudaMemcpy(psd, d_psd, batch * nh * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_data);
  cudaFree(d_psd);
}
