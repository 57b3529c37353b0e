// cuad: --fn stft_mag --wrt sig,win,mag
// cuad: fwd --fn stft_mag --wrt sig,win,mag
// STFT magnitude with a 32-point FFT done entirely in registers of one warp (one frame per
// warp, several warps per block): lane i loads windowed sample i of its frame, the
// bit-reversal permutation is a __shfl_sync from lane __brev(i) >> 27, and each of the five
// radix-2 stages exchanges values with the partner lane (lane ^ half) through
// __shfl_xor_sync, the lower lane forming a + w b and the upper lane a - w b with twiddles
// from __sincosf-free sincosf. Complex values are a struct with operators. The magnitude
// sqrt(|X_k|^2 + eps) of bins 0..16 is written per frame. Gradients w.r.t. the signal, the
// analysis window and the output.
#include <cuda_runtime.h>
#include <math.h>

#define NFFT 32
#define NBINS (NFFT / 2 + 1)
#define FULL_MASK 0xffffffffu

struct c32 {
  float re, im;
};
__device__ __forceinline__ c32 operator+(c32 a, c32 b) { return {a.re + b.re, a.im + b.im}; }
__device__ __forceinline__ c32 operator-(c32 a, c32 b) { return {a.re - b.re, a.im - b.im}; }
__device__ __forceinline__ c32 operator*(c32 a, c32 b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

__device__ __forceinline__ c32 shfl_xor(c32 v, int m) {
  return {__shfl_xor_sync(FULL_MASK, v.re, m), __shfl_xor_sync(FULL_MASK, v.im, m)};
}

__global__ void stft_mag(const float* __restrict__ sig, const float* __restrict__ win, int n_frames,
                         int hop, float* __restrict__ mag) {
  const unsigned int lane = threadIdx.x & 31u;
  const int frame = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (frame >= n_frames) return;  // whole warps leave together
  const float v = sig[frame * hop + lane] * win[lane];
  const unsigned int src = __brev(lane) >> 27;
  c32 x;
  x.re = __shfl_sync(FULL_MASK, v, src);
  x.im = 0.0f;
  for (unsigned int half = 1; half < NFFT; half <<= 1) {
    const c32 other = shfl_xor(x, half);
    const unsigned int pos = lane & (half - 1);
    float s, c;
    sincosf(-3.14159265f * pos / half, &s, &c);
    const c32 w{c, s};
    if (lane & half) {
      x = other - w * x;  // upper: a - w b, with a from the partner and b its own
    } else {
      x = x + w * other;  // lower: a + w b
    }
  }
  if (lane < NBINS) mag[frame * NBINS + lane] = sqrtf(x.re * x.re + x.im * x.im + 1e-4f);
}
