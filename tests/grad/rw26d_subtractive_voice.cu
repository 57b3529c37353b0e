// cuad: --fn render_voices --wrt cutoff,reso,drive,gain,out
// cuad: fwd --fn render_voices --wrt cutoff,reso,drive,gain,out
// A subtractive synthesizer voice (virtual-analog, differentiable for sound matching): the
// oscillator and the filter are small structs with member functions that advance their own
// state (phase accumulator wrapped by a branch; a Chamberlin state-variable filter whose
// low/band states are overwritten each sample), the waveform is picked per voice by a
// switch (sine, polyBLEP saw, polyBLEP square), a tanh drive stage saturates the filter
// input, and the voice is written per sample with its gain. One thread per voice. Gradients
// w.r.t. the filter cutoff coefficient, resonance (damping), drive, gain and output.
#include <cuda_runtime.h>
#include <math.h>

#define TWO_PI 6.283185307179586

struct Osc {
  double phase;
  __device__ double advance(double inc) {
    phase += inc;
    if (phase >= 1.0) phase -= 1.0;
    return phase;
  }
};

struct Svf {
  double low, band;
  __device__ double tick(double x, double f, double damp) {
    low += f * band;
    const double high = x - low - damp * band;
    band += f * high;
    return low;
  }
};

__device__ double poly_blep(double t, double dt) {
  if (t < dt) {
    t /= dt;
    return t + t - t * t - 1.0;
  } else if (t > 1.0 - dt) {
    t = (t - 1.0) / dt;
    return t * t + t + t + 1.0;
  }
  return 0.0;
}

__device__ double waveform(int kind, double ph, double dt) {
  switch (kind) {
    case 0:
      return sin(TWO_PI * ph);
    case 1:
      return 2.0 * ph - 1.0 - poly_blep(ph, dt);
    case 2: {
      double sq = ph < 0.5 ? 1.0 : -1.0;
      sq += poly_blep(ph, dt);
      sq -= poly_blep(fmod(ph + 0.5, 1.0), dt);
      return sq;
    }
    default:
      return 0.0;
  }
}

__global__ void render_voices(const int* __restrict__ kind, const double* __restrict__ freq,
                              const double* __restrict__ cutoff, const double* __restrict__ reso,
                              double drive, const double* __restrict__ gain, double sr, int n_voices,
                              int n_samp, double* __restrict__ out) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n_voices) return;
  Osc osc{0.1};
  Svf svf{0.0, 0.0};
  const double inc = freq[v] / sr;
  const double f = cutoff[v], damp = reso[v];
  for (int n = 0; n < n_samp; ++n) {
    const double ph = osc.advance(inc);
    const double s = waveform(kind[v], ph, inc);
    const double y = svf.tick(tanh(drive * s), f, damp);
    out[v * n_samp + n] = gain[v] * y;
  }
}
