// cuad: --fn smooth_and_score --wrt signal,cfg,out
// A signal-processing pipeline's host entry point: the configuration is a struct of structs
// (a filter with a fixed array of taps, a nonlinearity functor with its own parameters, a
// boundary-mode enum) received by const reference; a function-template host helper launches
// a kernel template over the functor type; the FIR kernel switches on the boundary mode
// (clamp / reflect / zero) through a static __device__ index helper with several return paths;
// the host copies the result back and also returns a scalar score computed on the host from
// it. Real fields of the config (taps, functor parameters) receive adjoints.
#include <cuda_runtime.h>
#include <vector>

namespace dsp {

enum class Boundary { Clamp, Reflect, Zero };

constexpr int kTaps = 5;
constexpr int kThreads = 32;

struct Fir {
  double taps[5];
};

struct SoftClip {
  double gain;
  double knee;
  __device__ double operator()(double v) const { return knee * tanh(gain * v / knee); }
};

struct Config {
  Fir fir;
  SoftClip clip;
  Boundary bc;
};

// -1 means "outside, contributes zero".
static __device__ int source_index(int j, int n, Boundary bc) {
  if (j >= 0 && j < n) return j;
  switch (bc) {
    case Boundary::Clamp:
      return j < 0 ? 0 : n - 1;
    case Boundary::Reflect:
      return j < 0 ? -j : 2 * n - 2 - j;
    default:
      return -1;
  }
}

__global__ void fir_kernel(const double* __restrict__ x, Fir fir, Boundary bc, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (int t = 0; t < kTaps; ++t) {
    const int j = source_index(i + t - kTaps / 2, n, bc);
    if (j < 0) continue;
    acc += fir.taps[t] * x[j];
  }
  y[i] = acc;
}

template <typename Op>
__global__ void map_kernel(const double* __restrict__ in, Op op, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

template <typename Op>
void launch_map(const double* d_in, const Op& op, double* d_out, int n) {
  map_kernel<Op><<<(n + kThreads - 1) / kThreads, kThreads>>>(d_in, op, d_out, n);
}

}  // namespace dsp

double smooth_and_score(const double* signal, const dsp::Config& cfg, double* out, int n) {
  double *d_x, *d_f, *d_y;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_f, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_x, signal, n * sizeof(double), cudaMemcpyHostToDevice);
  dsp::fir_kernel<<<(n + dsp::kThreads - 1) / dsp::kThreads, dsp::kThreads>>>(d_x, cfg.fir, cfg.bc, d_f, n);
  dsp::launch_map(d_f, cfg.clip, d_y, n);
  cudaMemcpy(out, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_f);
  cudaFree(d_y);
  double score = 0.0;
  for (int i = 1; i < n; ++i) score += (out[i] - out[i - 1]) * (out[i] - out[i - 1]);
  return score;
}
