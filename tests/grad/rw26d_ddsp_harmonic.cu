// cuad: --fn harmonic_synth --wrt detune,amps,env,audio
// cuad: fwd --fn harmonic_synth --wrt detune,amps,env,audio
// A differentiable harmonic synthesizer (DDSP-style): one thread per voice renders its note
// sample by sample with an oscillator bank of NH harmonics. Each harmonic keeps its own phase
// accumulator in a local array (phase += k f0 / sr, wrapped into [0, 1) by a branch), a
// harmonic above Nyquist is muted, and the voice is shaped by a piecewise ADSR envelope
// (attack ramp, exponential-ish decay to the sustain level, sustain, exponential release
// after the note-off) whose parameters are a struct passed by value. A one-pole lowpass with
// state overwritten every sample colours the voice before it is mixed into the shared output
// buffer with atomicAdd. Gradients w.r.t. the detunings (cents), the harmonic amplitudes, the envelope
// and the output.
#include <cuda_runtime.h>
#include <math.h>

#define NH 6
#define TWO_PI_F 6.28318530717958647f

struct Adsr {
  float attack_ms;
  float decay_ms;
  float sustain;     // level in (0, 1)
  float release_ms;  // time constant
};

__device__ float adsr_level(const Adsr& e, float t, float t_off) {
  const float attack = 1e-3f * e.attack_ms, decay = 1e-3f * e.decay_ms;
  float lvl;
  if (t < attack) {
    lvl = t / attack;
  } else if (t < attack + decay) {
    const float u = (t - attack) / decay;
    lvl = e.sustain + (1.0f - e.sustain) * (1.0f - u) * (1.0f - u);
  } else {
    lvl = e.sustain;
  }
  if (t >= t_off) lvl *= expf(-(t - t_off) / (1e-3f * e.release_ms));
  return lvl;
}

__global__ void harmonic_synth(const float* __restrict__ base_hz, const float* __restrict__ detune,
                               const float* __restrict__ amps,
                               const float* __restrict__ note_off, Adsr env, float sr,
                               float cutoff_coef, int n_voices, int n_samp,
                               float* __restrict__ audio) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n_voices) return;
  const float f0 = base_hz[v] * exp2f(detune[v] / 1200.0f);  // detune in cents
  float phase[NH];
  for (int h = 0; h < NH; ++h) phase[h] = 0.0f;
  const float nyquist = 0.5f * sr;
  float lp = 0.0f;
  for (int n = 0; n < n_samp; ++n) {
    const float t = n / sr;
    float s = 0.0f;
    for (int h = 0; h < NH; ++h) {
      const float fk = (h + 1) * f0;
      if (fk < nyquist) s += amps[v * NH + h] * sinf(TWO_PI_F * phase[h]);
      phase[h] += fk / sr;
      if (phase[h] >= 1.0f) phase[h] -= 1.0f;
    }
    s *= adsr_level(env, t, note_off[v]);
    lp += cutoff_coef * (s - lp);
    atomicAdd(&audio[n], lp);
  }
}
