// cuad: --fn das_beams --wrt sig,theta,apod,beam,power
// cuad: fwd --fn das_beams --wrt sig,theta,apod,beam,power
// Wideband delay-and-sum beamforming for a linear microphone array with fractional delays
// (acoustic source localisation / steered-response power): block row b steers beam b at
// angle theta[b]; the per-microphone delays (position * sin(theta) * fs / c plus a bulk
// delay) are split once per block into integer and fractional parts in shared memory; each
// thread forms one output sample by reading every microphone at its delayed, fractional
// position through 4-tap Lagrange interpolation (taps from a helper filling a local array,
// zero outside the record), weighted by an apodization window. The block then reduces the
// beam's energy in shared memory and adds it into the beam's power with atomicAdd.
// Gradients w.r.t. the signals, the steering angles, the apodization and both outputs.
#include <cuda_runtime.h>
#include <math.h>

#define MAXM 8
#define THREADS 64
#define BULK_DELAY 4.5f

__device__ __forceinline__ void lagrange4(float d, float* h) {
  // nodes -1, 0, 1, 2; d in [0, 1)
  h[0] = -d * (d - 1.0f) * (d - 2.0f) / 6.0f;
  h[1] = (d + 1.0f) * (d - 1.0f) * (d - 2.0f) / 2.0f;
  h[2] = -(d + 1.0f) * d * (d - 2.0f) / 2.0f;
  h[3] = (d + 1.0f) * d * (d - 1.0f) / 6.0f;
}

__global__ void das_beams(const float* __restrict__ sig, const float* __restrict__ mic_x,
                          const float* __restrict__ theta, const float* __restrict__ apod,
                          int n_mics, int n_samp, float fs_over_c, float* __restrict__ beam,
                          float* __restrict__ power) {
  __shared__ float s_frac[MAXM];
  __shared__ int s_int[MAXM];
  __shared__ float s_red[THREADS];
  const int b = blockIdx.y;
  const int t = threadIdx.x;
  const int n = blockIdx.x * blockDim.x + t;
  if (t < n_mics) {
    // split the delay into integer and fractional parts once, in a small number
    const float delay = BULK_DELAY + mic_x[t] * sinf(theta[b]) * fs_over_c;
    const float whole = floorf(delay);
    s_int[t] = (int)whole;
    s_frac[t] = delay - whole;
  }
  __syncthreads();
  float acc = 0.0f;
  if (n < n_samp) {
    for (int m = 0; m < n_mics; ++m) {
      // n - delay = (n - int - 1) + (1 - frac)
      const int i0 = n - s_int[m] - 1;
      float h[4];
      lagrange4(1.0f - s_frac[m], h);
      float v = 0.0f;
      for (int k = 0; k < 4; ++k) {
        const int idx = i0 - 1 + k;
        if (idx >= 0 && idx < n_samp) v += h[k] * sig[m * n_samp + idx];
      }
      acc += apod[m] * v;
    }
    beam[b * n_samp + n] = acc;
  }
  s_red[t] = acc * acc;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s) s_red[t] += s_red[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&power[b], s_red[0] / n_samp);
}
