// cuad: --fn log_power_spectrum --wrt x,spec
// cuad: --fn stft_frames --wrt signal,window,spec
// Short DFTs computed directly, one frame per thread: a __host__ __device__ helper evaluates
// the N-point DFT of a windowed frame with sincos (twiddles from the product index), and
// returns the log power spectrum of the first N/2+1 bins; a kernel frames a 1-D signal with a
// hop, multiplies by a learnable window, and writes each frame's log spectrum.
#include <cuda_runtime.h>
#include <math.h>

#define NFFT 8
#define NBIN (NFFT / 2 + 1)

__host__ __device__ void log_power_spectrum(const double* x, double* spec) {
  const double two_pi_over_n = 2.0 * 3.14159265358979323846 / NFFT;
  for (int k = 0; k < NBIN; ++k) {
    double re = 0.0, im = 0.0;
    for (int j = 0; j < NFFT; ++j) {
      double s, c;
      sincos(two_pi_over_n * ((j * k) % NFFT), &s, &c);
      re += x[j] * c;
      im -= x[j] * s;
    }
    spec[k] = log(re * re + im * im + 1e-3);
  }
}

__global__ void stft_frames(const double* __restrict__ signal, int n, int hop,
                            const double* __restrict__ window, double* __restrict__ spec,
                            int n_frames) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= n_frames) return;
  double frame[NFFT];
  for (int j = 0; j < NFFT; ++j) {
    const int idx = f * hop + j;
    frame[j] = (idx < n ? signal[idx] : 0.0) * window[j];
  }
  log_power_spectrum(frame, spec + f * NBIN);
}
