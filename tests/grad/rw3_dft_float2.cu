// cuad: --fn dft_power --wrt signal,window,power
// A direct DFT of a windowed real signal in float2 complex arithmetic: twiddles from sincosf
// (pointer outputs) with the angle reduced by an integer modulo, a complex multiply-accumulate
// helper taking float2 by value and returning float2, and the power spectrum in dB via log10f.
#include <cuda_runtime.h>

__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void dft_power(const float* __restrict__ signal, const float* __restrict__ window,
                          float* __restrict__ power, int n, int n_bins) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_bins) return;
  float2 acc = make_float2(0.0f, 0.0f);
  for (int t = 0; t < n; ++t) {
    float s, c;
    sincosf(-6.2831853f * (float)((k * t) % n) / (float)n, &s, &c);
    const float2 z = cmul(make_float2(signal[t] * window[t], 0.0f), make_float2(c, s));
    acc.x += z.x;
    acc.y += z.y;
  }
  power[k] = 10.0f * log10f(acc.x * acc.x + acc.y * acc.y + 1e-3f);
}
