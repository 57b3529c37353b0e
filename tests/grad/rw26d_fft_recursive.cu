// cuad: --fn cepstrum_frame --wrt x,ceps
// cuad: --fn real_cepstrum --wrt sig,ceps
// The textbook recursive Cooley-Tukey FFT (split into even and odd samples, transform each
// half recursively, combine with twiddles) in a __device__ function working on small local
// arrays, used for a real cepstrum per frame (speech analysis: c = IDFT(log |X|)), computed
// one frame per thread. The inverse transform reuses the forward one on conjugated data.
// The recursion depth follows the length; each call level owns its scratch halves.
#include <cuda_runtime.h>
#include <math.h>

#define NF 8

struct zc {
  double re, im;
};

__device__ void fft_rec(zc* a, int n) {
  if (n == 1) return;
  zc even[NF / 2], odd[NF / 2];
  for (int i = 0; i < n / 2; ++i) {
    even[i] = a[2 * i];
    odd[i] = a[2 * i + 1];
  }
  fft_rec(even, n / 2);
  fft_rec(odd, n / 2);
  for (int k = 0; k < n / 2; ++k) {
    const double ang = -2.0 * 3.141592653589793 * k / n;
    const double c = cos(ang), s = sin(ang);
    const zc t{c * odd[k].re - s * odd[k].im, c * odd[k].im + s * odd[k].re};
    a[k].re = even[k].re + t.re;
    a[k].im = even[k].im + t.im;
    a[k + n / 2].re = even[k].re - t.re;
    a[k + n / 2].im = even[k].im - t.im;
  }
}

// Real cepstrum of one frame of NF samples.
__device__ void cepstrum_frame(const double* x, double* ceps) {
  zc buf[NF];
  for (int i = 0; i < NF; ++i) buf[i] = zc{x[i], 0.0};
  fft_rec(buf, NF);
  for (int k = 0; k < NF; ++k) {
    const double lm = 0.5 * log(buf[k].re * buf[k].re + buf[k].im * buf[k].im + 1e-6);
    buf[k] = zc{lm, 0.0};  // conjugate of a real spectrum is itself
  }
  fft_rec(buf, NF);
  for (int i = 0; i < NF; ++i) ceps[i] = buf[i].re / NF;
}

__global__ void real_cepstrum(const double* __restrict__ sig, int n_frames, int hop, double* __restrict__ ceps) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= n_frames) return;
  cepstrum_frame(sig + f * hop, ceps + f * NF);
}
