// cuad: --fn iir_biquad --wrt x,coef,y
// cuad: fwd --fn iir_biquad
// A per-channel biquad IIR filter over time, one thread per channel: each output sample reads
// the two previous outputs back from global memory (the same thread wrote them), channel-
// interleaved layout y[t * C + c], coefficients per channel in a struct array.
#include <cuda_runtime.h>

struct Biquad {
  float b0, b1, b2, a1, a2;
};

__global__ void iir_biquad(const float* __restrict__ x, const Biquad* __restrict__ coef, float* y,
                           int T, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) return;
  const Biquad q = coef[c];
  for (int t = 0; t < T; ++t) {
    float acc = q.b0 * x[t * C + c];
    if (t >= 1) acc += q.b1 * x[(t - 1) * C + c] - q.a1 * y[(t - 1) * C + c];
    if (t >= 2) acc += q.b2 * x[(t - 2) * C + c] - q.a2 * y[(t - 2) * C + c];
    y[t * C + c] = acc;
  }
}
