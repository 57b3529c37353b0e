// cuad: --fn mc_paths --wrt s0,sigma,out
// cuad: --fn damped_series --wrt x,out
// cuad: --fn clipped_walk --wrt x,out
// Written for cuad in the style of Monte Carlo and time-stepping codes: loop iterations whose
// values depend on something only the tape can restore (a random draw from a mutated
// generator state, a loop-carried product, a conditionally updated local). The reverse
// iteration replays the definitions that read them instead of taping their results too.
#include <cuda_runtime.h>

__device__ float next_uniform(unsigned int& state) {
  state = state * 1664525u + 1013904223u;
  return ((state >> 8) + 0.5f) * (1.0f / 16777216.0f);
}

// One path per thread: the draw mutates the generator state (not recomputable), the price
// of the step is replayed from the taped draw.
__global__ void mc_paths(const float* s0, const float* sigma, float strike, int steps,
                         float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int state = 12345u + 977u * i;
  float acc = 0.0f;
  float u;
  float st;
  for (int k = 0; k < steps; ++k) {
    u = next_uniform(state);
    st = s0[i] * expf(sigma[i] * (u - 0.5f) * 0.6f);
    acc += fmaxf(st - strike, 0.0f) + 0.1f * st * st;
  }
  out[i] = acc / steps;
}

// A loop-carried value and a term replayed from it.
__global__ void damped_series(const double* x, double* out, int n, int terms) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double p = 1.0;
    double term;
    double sum = 0.0;
    for (int k = 1; k <= terms; ++k) {
      p = p * x[i] / k;
      term = sin(p) * p;
      sum += term * term;
    }
    out[i] = sum;
  }
}

// A jittered walk (the draw keeps the loop from being recomputed), a local updated under a
// branch, then a value replayed from both.
__global__ void clipped_walk(const float* x, float* out, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned int state = 777u * i + 1u;
    float pos = x[i];
    float level = 0.0f;
    float e;
    float total = 0.0f;
    for (int k = 0; k < steps; ++k) {
      pos = pos + 0.3f * sinf(pos + k) + 0.01f * next_uniform(state);
      if (pos > 1.2f) level = level + 0.5f * (pos - 1.2f);
      e = expf(0.4f * level) * pos;
      total += e * e;
    }
    out[i] = total;
  }
}
