// cuad: --fn fft_power --wrt x,win,power
// cuad: fwd --fn fft_power --wrt x,win,power
// Batched radix-2 FFT power spectrum in shared memory, one block per frame (a spectrogram
// loss front end): a small complex struct with user operators (+, -, *, scalar *), the
// windowed frame loaded into shared memory at bit-reversed positions (bit reversal by a
// loop over log2 n bits, unsigned arithmetic), then log2 n in-place butterfly stages, each
// thread owning one butterfly per stage, separated by __syncthreads. Twiddles from sincos in
// double. The output is the one-sided power spectrum scaled by 1/n.
#include <cuda_runtime.h>

#define FFT_N 16
#define FFT_LOG2 4

struct cplx {
  double re, im;
};

__host__ __device__ inline cplx operator+(cplx a, cplx b) { return cplx{a.re + b.re, a.im + b.im}; }
__host__ __device__ inline cplx operator-(cplx a, cplx b) { return cplx{a.re - b.re, a.im - b.im}; }
__host__ __device__ inline cplx operator*(cplx a, cplx b) {
  return cplx{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
__host__ __device__ inline cplx operator*(double s, cplx a) { return cplx{s * a.re, s * a.im}; }
__host__ __device__ inline double norm2(cplx a) { return a.re * a.re + a.im * a.im; }

__device__ inline unsigned int bit_reverse(unsigned int v, unsigned int bits) {
  unsigned int r = 0u;
  for (unsigned int b = 0; b < bits; ++b) {
    r = (r << 1) | (v & 1u);
    v >>= 1;
  }
  return r;
}

__device__ inline cplx twiddle(unsigned int k, unsigned int span) {
  double s, c;
  sincos(-2.0 * 3.14159265358979323846 * (double)k / (double)span, &s, &c);
  return cplx{c, s};
}

// blockDim.x == FFT_N / 2: each thread loads two samples and owns one butterfly per stage.
__global__ void fft_power(const double* __restrict__ x, const double* __restrict__ win,
                          double* __restrict__ power, int n_frames, int hop) {
  __shared__ cplx buf[FFT_N];
  const unsigned int f = blockIdx.x;
  const unsigned int t = threadIdx.x;
  for (unsigned int i = t; i < FFT_N; i += blockDim.x) {
    const double v = x[f * hop + i] * win[i];
    buf[bit_reverse(i, FFT_LOG2)] = 0.5 * cplx{v, 0.0};
  }
  __syncthreads();
  for (unsigned int half = 1; half < FFT_N; half <<= 1) {
    const unsigned int span = half << 1;
    const unsigned int group = t / half, pos = t % half;
    const unsigned int i0 = group * span + pos, i1 = i0 + half;
    const cplx w = twiddle(pos, span);
    const cplx a = buf[i0];
    const cplx b = w * buf[i1];
    __syncthreads();
    buf[i0] = a + b;
    buf[i1] = a - b;
    __syncthreads();
  }
  for (unsigned int k = t; k <= FFT_N / 2; k += blockDim.x)
    power[f * (FFT_N / 2 + 1) + k] = 4.0 * norm2(buf[k]) / FFT_N;
}
