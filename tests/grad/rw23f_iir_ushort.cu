// cuad: --fn iir_smooth_rows --wrt gain,b0,a1,out
// cuad: fwd --fn iir_smooth_rows --wrt gain,b0,a1,out
// Zero-phase first-order IIR smoothing of 16-bit sensor rows: one thread per row converts the
// ushort samples to float with a gain (black level subtracted), runs the causal recurrence
// y[i] = b0 x[i] + a1 y[i-1] left to right into the output row, then the anticausal pass
// right to left in place over the same row (a sequential recurrence that overwrites values).
// The gain and the filter coefficients are scalars shared by every thread.
#include <cuda_runtime.h>

#define BLACK_LEVEL 64

__device__ __forceinline__ float to_linear(unsigned short raw, float gain) {
  return gain * (float)((int)raw - BLACK_LEVEL) * (1.0f / 4096.0f);
}

__global__ void iir_smooth_rows(const unsigned short* __restrict__ raw, int W, int H, float gain,
                                float b0, float a1, float* __restrict__ out) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= H) return;
  const unsigned short* in = raw + row * W;
  float* o = out + row * W;
  // initial condition: steady state for a constant signal equal to the first sample
  float prev = to_linear(in[0], gain) * b0 / (1.0f - a1);
  for (int i = 0; i < W; ++i) {
    prev = b0 * to_linear(in[i], gain) + a1 * prev;
    o[i] = prev;
  }
  prev = o[W - 1] * b0 / (1.0f - a1);
  for (int i = W - 1; i >= 0; --i) {
    prev = b0 * o[i] + a1 * prev;
    o[i] = prev;
  }
}
