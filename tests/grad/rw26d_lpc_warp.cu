// cuad: --fn lpc_frames --wrt sig,win,lpc,gain
// Linear prediction (LPC) analysis of speech frames, one warp per frame: each lane
// accumulates windowed lag products over a strided slice of the frame, the lags are reduced
// with __shfl_xor_sync butterflies (every lane ends with the full autocorrelation), a small
// white-noise correction is added to r[0], and lane 0 runs the Levinson-Durbin recursion in
// local arrays (the predictor updated in place through a temporary copy, the prediction
// error shrunk by 1 - k^2 at every order). Outputs: ORDER predictor coefficients per frame
// and the frame's gain sqrt(err). Gradients w.r.t. the signal, the analysis window and the
// outputs (a learnable window for an LPC-based vocoder front end).
#include <cuda_runtime.h>

#define ORDER 4
#define WARP 32

template <typename T>
__device__ __forceinline__ T warp_allsum(T v) {
#pragma unroll
  for (int off = WARP / 2; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

// blockDim.x == 32: one warp (one block) per frame.
__global__ void lpc_frames(const float* __restrict__ sig, const float* __restrict__ win,
                           unsigned int frame_len, unsigned int hop, float* __restrict__ lpc,
                           float* __restrict__ gain) {
  const unsigned int f = blockIdx.x;
  const unsigned int lane = threadIdx.x;
  const float* frame = sig + f * hop;
  float r[ORDER + 1];
  for (int lag = 0; lag <= ORDER; ++lag) {
    float part = 0.0f;
    for (unsigned int i = lane + lag; i < frame_len; i += WARP)
      part += frame[i] * win[i] * frame[i - lag] * win[i - lag];
    r[lag] = warp_allsum(part);
  }
  if (lane != 0) return;
  r[0] *= 1.0001f;
  float a[ORDER + 1], tmp[ORDER + 1];
  a[0] = 1.0f;
  for (int j = 1; j <= ORDER; ++j) a[j] = 0.0f;
  float err = r[0];
  for (int i = 1; i <= ORDER; ++i) {
    float acc = r[i];
    for (int j = 1; j < i; ++j) acc += a[j] * r[i - j];
    const float k = -acc / err;
    for (int j = 1; j < i; ++j) tmp[j] = a[j] + k * a[i - j];
    for (int j = 1; j < i; ++j) a[j] = tmp[j];
    a[i] = k;
    err *= 1.0f - k * k;
  }
  for (int j = 1; j <= ORDER; ++j) lpc[f * ORDER + j - 1] = a[j];
  gain[f] = sqrtf(err);
}
